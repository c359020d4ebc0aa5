import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAbility } from '@/lib/ability';
import { useTranslation } from '@/lib/i18n';
import { DESKTOP_POINTER_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { activeEntry, navEntries } from './nav-entries';
import styles from './shell.module.css';

export interface NavbarProps {
  id: string;
  /** Opened by the header's menu toggle (touch devices and below desktop width). */
  isOpen: boolean;
  /** Called after a link is followed, so the drawer closes on mobile. */
  onNavigate(): void;
}

/**
 * The main navigation: entries the ability allows, one active at a time (the longest path that
 * starts the address, nested screens such as /refill/calculator included) with
 * `aria-current="page"`; a rail that expands on hover on a desktop with a mouse.
 */
export function Navbar({ id, isOpen, onNavigate }: NavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ability = useAbility();
  const isDesktopPointer = useMediaQuery(DESKTOP_POINTER_QUERY);
  const [isHovered, setHovered] = useState(false);
  const entries = navEntries.filter((entry) => !entry.ability || ability.can(...entry.ability));
  const isExpanded = isOpen || (isDesktopPointer && isHovered);
  const active = activeEntry(entries, pathname);

  return (
    <nav
      id={id}
      aria-label={t('shell:nav.label')}
      className={styles.nav}
      data-expanded={isExpanded || undefined}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
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
                onClick={() => {
                  setHovered(false);
                  onNavigate();
                }}
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
