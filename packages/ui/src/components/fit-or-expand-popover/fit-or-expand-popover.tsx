import { Popover, type PopoverProps } from '../popover/popover';

export type FitOrExpandPopoverProps = Omit<PopoverProps, 'widthMode'>;

/**
 * A popover at least as wide as its anchor and at most 250 px wider, for lists that
 * hang under a field.
 */
export function FitOrExpandPopover(props: FitOrExpandPopoverProps) {
  return <Popover {...props} widthMode="fit-or-expand" />;
}
