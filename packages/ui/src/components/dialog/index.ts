export {
  Dialog,
  DIALOG_ANIMATION_MS,
  StaticDialog,
  type DialogProps,
  type StaticDialogProps,
} from './dialog';
