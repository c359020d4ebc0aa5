import styles from './avatar.module.css';

/** "Jane", "de la Tour" → "JD". Empty names give an empty string. */
export function getInitials(firstName: string, lastName: string): string {
  const first = firstName.trim().charAt(0);
  const last = lastName.trim().charAt(0);
  return `${first}${last}`.toLocaleUpperCase();
}

/** "Jane", "Doe" → "Jane DOE" (the last name is shown in upper case). */
export function formatDisplayName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim().toLocaleUpperCase()].filter(Boolean).join(' ');
}

export interface AvatarProps {
  firstName: string;
  lastName: string;
  size?: 'small' | 'medium' | 'large';
  /**
   * When true the avatar is hidden from assistive technology because a neighbouring text (or
   * its button's name) already says who it is. Otherwise it is an image named after the person.
   */
  isDecorative?: boolean;
  className?: string;
}

/** A circle with the person's initials. */
export function Avatar({
  firstName,
  lastName,
  size = 'medium',
  isDecorative = false,
  className,
}: AvatarProps) {
  const a11y = isDecorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': formatDisplayName(firstName, lastName) };
  return (
    <span
      className={className ? `${styles.avatar} ${className}` : styles.avatar}
      data-size={size}
      {...a11y}
    >
      {getInitials(firstName, lastName)}
    </span>
  );
}
