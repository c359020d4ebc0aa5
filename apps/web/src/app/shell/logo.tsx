import styles from './shell.module.css';

/**
 * The portal's mark: a cable drum. Decorative; the link carries the name. Its own module so the
 * visitors' frame does not pull the signed-in header (profile menu, dialogs) into the entry chunk.
 */
export function Logo() {
  return (
    <svg className={styles.brandMark} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="var(--color-primary)" />
      <circle cx="20" cy="20" r="12" fill="none" stroke="#fff" strokeWidth="3" />
      <circle cx="20" cy="20" r="4" fill="#fff" />
      <path d="M20 8v5M20 27v5M8 20h5M27 20h5" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}
