import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { IconButton } from '@portal/ui/icon-button';
import { CloseIcon, MenuIcon } from '@portal/ui/icons';
import { CartButton } from '@/features/spareparts/components/cart-button';
import { runtimeSettings, type RuntimeSettings } from '@/config/env';
import { useAbility } from '@/lib/ability';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { ProfileMenu } from './profile-menu';
import styles from './shell.module.css';

// The bell loads after the page's first render: no page waits for it, nor pays for it in its budget.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

export interface HeaderProps {
  navId: string;
  isMenuOpen: boolean;
  onToggleMenu(): void;
}

/**
 * The home link: the mark, the portal's name and, outside production, the environment (on a
 * desktop's width: the stylesheet decides, so the server's prerendered frame shows it alike).
 */
export function Brand({ environment }: { environment: RuntimeSettings['appEnv'] }) {
  const { t } = useTranslation(['shell', 'common']);
  const environmentName =
    environment === 'prd' ? null : t('header.environment', { env: t(`header.env.${environment}`) });
  return (
    <Link
      to={paths.root}
      className={styles.brand}
      // The name holds what the link shows (WCAG 2.5.3, label in name), environment included.
      aria-label={
        environmentName
          ? t('header.homeInEnvironment', { environment: environmentName })
          : t('header.home')
      }
    >
      <Logo />
      <span className={styles.brandText}>
        <span className={styles.brandName}>{t('common:appName')}</span>
        {/* A space, so the two read as two words (the flex column does not draw it). */}
        {environmentName ? (
          <>
            {' '}
            <span className={styles.environment}>{environmentName}</span>
          </>
        ) : null}
      </span>
    </Link>
  );
}

/** Logo (home), menu toggle, environment subtitle, language switch and profile menu. */
export function Header({ navId, isMenuOpen, onToggleMenu }: HeaderProps) {
  const { t } = useTranslation(['shell', 'common']);
  const { appEnv } = runtimeSettings;
  const canOrderParts = useAbility().can('order', 'spareparts');
  return (
    <header className={styles.header}>
      <IconButton
        className={styles.menuToggle}
        label={isMenuOpen ? t('header.closeMenu') : t('header.openMenu')}
        icon={isMenuOpen ? <CloseIcon /> : <MenuIcon />}
        aria-expanded={isMenuOpen}
        aria-controls={navId}
        onPress={onToggleMenu}
      />
      <Brand environment={appEnv} />
      <div className={styles.headerEnd}>
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        {canOrderParts ? <CartButton /> : null}
        <LanguageSwitch />
        <ProfileMenu />
      </div>
    </header>
  );
}
