export { FIT_OR_EXPAND_EXTRA_PX, Popover, type PopoverProps } from './popover';
