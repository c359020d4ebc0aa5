import { Link, useLocation } from 'react-router';
import { useAbility } from '@/lib/ability';
import { useTranslation } from '@/lib/i18n';
import { fromQuery, useMediaQuery } from '@/lib/use-media-query';
import { activeEntry, navEntries } from './nav-entries';
import styles from './shell.module.css';

export interface NavbarProps {
  id: string;
  /** Opened by the header's menu toggle (touch devices and below the wide width). */
  isOpen: boolean;
  /** Called after a link is followed, so the drawer closes on mobile. */
  onNavigate(): void;
}

/**
 * The main navigation: entries the ability allows, one active at a time (the longest path that
 * starts the address, nested screens such as /refill/calculator included) with
 * `aria-current="page"`. From the wide width every entry shows its name beside its icon; below
 * it, a rail of icons (each named by its title on hover) that the header's toggle opens.
 */
export function Navbar({ id, isOpen, onNavigate }: NavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ability = useAbility();
  const isLabelled = useMediaQuery(fromQuery('wide'));
  const entries = navEntries.filter((entry) => !entry.ability || ability.can(...entry.ability));
  const isExpanded = isOpen || isLabelled;
  const active = activeEntry(entries, pathname);

  return (
    <nav
      id={id}
      aria-label={t('shell:nav.label')}
      className={styles.nav}
      data-expanded={isOpen || undefined}
    >
      <ul className={styles.navList}>
        {entries.map((entry) => {
          const isActive = entry === active;
          const label = t(entry.labelKey);
          return (
            <li key={entry.id}>
              <Link
                to={entry.path}
                className={styles.navLink}
                aria-current={isActive ? 'page' : undefined}
                title={isExpanded ? undefined : label}
                onClick={onNavigate}
              >
                <span className={styles.navIcon}>{entry.icon}</span>
                <span className={styles.navLabel}>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
