import type { ButtonHTMLAttributes, Ref } from 'react';
import { Avatar, formatDisplayName } from '../avatar/avatar';
import styles from './profile-button.module.css';

export interface ProfileButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children'
> {
  firstName: string;
  lastName: string;
  /** A second line, e.g. the company. */
  info?: string;
  /** Shows only the initials in a circle (narrow headers); the full name stays its accessible name. */
  isAvatar?: boolean;
  /** Forwarded so the button can be a `Menu` trigger. */
  ref?: Ref<HTMLButtonElement>;
}

/** The signed-in person: "First LASTNAME" and an info line, or their initials in avatar mode. */
export function ProfileButton({
  firstName,
  lastName,
  info,
  isAvatar = false,
  type = 'button',
  className,
  ref,
  ...rest
}: ProfileButtonProps) {
  const name = formatDisplayName(firstName, lastName);
  const classes = className ? `${styles.button} ${className}` : styles.button;
  // One explicit name: the two visual lines would otherwise run together ("Jane DOEDemo…").
  const accessibleName = info ? `${name}, ${info}` : name;
  if (isAvatar) {
    return (
      <button
        ref={ref}
        type={type}
        className={classes}
        data-avatar=""
        aria-label={accessibleName}
        title={name}
        {...rest}
      >
        <Avatar firstName={firstName} lastName={lastName} isDecorative />
      </button>
    );
  }
  return (
    <button ref={ref} type={type} className={classes} aria-label={accessibleName} {...rest}>
      <Avatar firstName={firstName} lastName={lastName} size="small" isDecorative />
      <span className={styles.text}>
        <span className={styles.name}>{name}</span>
        {info ? <span className={styles.info}>{info}</span> : null}
      </span>
    </button>
  );
}
