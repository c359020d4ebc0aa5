export { FloatingButton, type FloatingButtonProps } from './floating-button';
