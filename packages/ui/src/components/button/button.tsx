import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Spinner } from '../spinner/spinner';
import hidden from '../../internal/visually-hidden.module.css';
import styles from './button.module.css';

interface CommonButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> {
  /** Filled, outlined or text-only (contained by default). */
  variant?: 'contained' | 'outlined' | 'text';
  /** Colour role: `destructive` only for an action that stops or undoes something, behind a confirmation. */
  tone?: 'primary' | 'destructive' | 'neutral';
  /** Buttons are small by default. */
  size?: 'small' | 'medium' | 'large';
  /** Disables the button (native `disabled`: not focusable, not clickable). */
  isDisabled?: boolean;
  /**
   * Shows a spinner and sets `aria-busy`. The button keeps its focus (so keyboard users do not
   * lose their place) but ignores clicks until the work is done.
   */
  isPending?: boolean;
  /** Read by screen readers while pending, e.g. "Sending…". */
  pendingLabel?: string;
  /** Called on activation (click, Enter, Space); an alias of `onClick` without the event. */
  onPress?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

export interface ButtonProps extends CommonButtonProps {
  /** Icon shown before the text. */
  startIcon?: ReactNode;
  /** Icon shown after the text. */
  endIcon?: ReactNode;
  children?: ReactNode;
}

function useButtonBehaviour({
  isPending,
  onClick,
  onPress,
}: Pick<CommonButtonProps, 'isPending' | 'onClick' | 'onPress'>) {
  return (event: MouseEvent<HTMLButtonElement>) => {
    if (isPending) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
    onPress?.();
  };
}

/**
 * A kit button's look for an element that is not a button: a link that navigates (a button
 * acts, a link goes somewhere), spread on it as `<Link {...buttonLook({ tone })} to=…>`.
 */
export function buttonLook({
  variant = 'contained',
  tone = 'primary',
  size = 'small',
  className,
}: Pick<CommonButtonProps, 'variant' | 'tone' | 'size' | 'className'> = {}) {
  return {
    className: className ? `${styles.button} ${className}` : styles.button,
    'data-variant': variant,
    'data-tone': tone,
    'data-size': size,
  };
}

/** The kit's button. */
export function Button({
  variant = 'contained',
  tone = 'primary',
  size = 'small',
  isDisabled = false,
  isPending = false,
  pendingLabel,
  startIcon,
  endIcon,
  onPress,
  onClick,
  type = 'button',
  className,
  children,
  ref,
  ...rest
}: ButtonProps) {
  const handleClick = useButtonBehaviour({ isPending, onClick, onPress });
  return (
    <button
      ref={ref}
      type={type}
      className={className ? `${styles.button} ${className}` : styles.button}
      data-variant={variant}
      data-tone={tone}
      data-size={size}
      data-pending={isPending || undefined}
      data-disabled={isDisabled || undefined}
      aria-busy={isPending || undefined}
      disabled={isDisabled}
      onClick={handleClick}
      {...rest}
    >
      {isPending ? <Spinner size="small" /> : startIcon}
      {children}
      {isPending && pendingLabel ? (
        <>
          {' '}
          <span className={hidden.visuallyHidden}>{pendingLabel}</span>
        </>
      ) : null}
      {endIcon}
    </button>
  );
}

export interface IconButtonProps extends CommonButtonProps {
  /** Accessible name (the button shows only its icon). Required. */
  label: string;
  /** The icon; it is hidden from assistive technology. */
  icon: ReactNode;
}

/** A square button showing only an icon, named by `label`. */
export function IconButton({
  label,
  icon,
  variant = 'text',
  tone = 'neutral',
  size = 'small',
  isDisabled = false,
  isPending = false,
  onPress,
  onClick,
  type = 'button',
  className,
  ref,
  pendingLabel: _pendingLabel,
  ...rest
}: IconButtonProps) {
  const handleClick = useButtonBehaviour({ isPending, onClick, onPress });
  const classes = `${styles.button} ${styles.iconButton}`;
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      className={className ? `${classes} ${className}` : classes}
      data-variant={variant}
      data-tone={tone}
      data-size={size}
      data-pending={isPending || undefined}
      aria-busy={isPending || undefined}
      disabled={isDisabled}
      onClick={handleClick}
      {...rest}
    >
      {isPending ? <Spinner size="small" /> : icon}
    </button>
  );
}
