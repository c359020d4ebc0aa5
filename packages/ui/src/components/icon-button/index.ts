// The icon button shares the button's file and styles; this entry point only names it.
export { IconButton, type IconButtonProps } from '../button/button';
