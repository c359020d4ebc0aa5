import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './floating-button.module.css';

export interface FloatingButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'disabled' | 'children'
> {
  /** Accessible name; also the visible text unless `isIconOnly`. */
  label: string;
  icon?: ReactNode;
  /** Shows only the icon (the label stays the accessible name). */
  isIconOnly?: boolean;
  /** Corner of the viewport (24 px from its edges). Default `bottom-end`. */
  placement?: 'bottom-end' | 'bottom-start';
  isDisabled?: boolean;
  onPress?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/** A button fixed in a corner of the viewport for the screen's main action. */
export function FloatingButton({
  label,
  icon,
  isIconOnly = false,
  placement = 'bottom-end',
  isDisabled = false,
  onPress,
  onClick,
  type = 'button',
  className,
  ref,
  ...rest
}: FloatingButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={className ? `${styles.button} ${className}` : styles.button}
      data-placement={placement}
      data-icon-only={isIconOnly || undefined}
      aria-label={isIconOnly ? label : undefined}
      title={isIconOnly ? label : undefined}
      disabled={isDisabled}
      onClick={(event) => {
        onClick?.(event);
        onPress?.();
      }}
      {...rest}
    >
      {icon}
      {isIconOnly ? null : label}
    </button>
  );
}
