export { FIT_OR_EXPAND_EXTRA_PX } from '../popover/popover';
export { FitOrExpandPopover, type FitOrExpandPopoverProps } from './fit-or-expand-popover';
