export { Dialog, DIALOG_ANIMATION_MS, type DialogProps } from './dialog';
