import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconButton } from '@portal/ui/icon-button';
import { CloseIcon, MenuIcon } from '@portal/ui/icons';
import { CartButton } from '@/features/spareparts/components/cart-button';
import { runtimeSettings } from '@/config/env';
import { useAbility } from '@/lib/ability';
import { paths } from '@/config/paths';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { ProfileMenu } from './profile-menu';
import styles from './shell.module.css';

export interface HeaderProps {
  navId: string;
  isMenuOpen: boolean;
  onToggleMenu(): void;
}

/** Logo (home), menu toggle, environment subtitle, language switch and profile menu (spec §2). */
export function Header({ navId, isMenuOpen, onToggleMenu }: HeaderProps) {
  const { t } = useTranslation(['shell', 'common']);
  const isDesktop = useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
  const { appEnv } = runtimeSettings;
  const canSpareParts = useAbility().can('get', 'spareparts');
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
      <Link to={paths.root} className={styles.brand} aria-label={t('header.home')}>
        <Logo />
        <span className={styles.brandText}>
          <span className={styles.brandName}>{t('common:appName')}</span>
          {isDesktop && appEnv !== 'prd' ? (
            <span className={styles.environment}>
              {t('header.environment', { env: t(`header.env.${appEnv}`) })}
            </span>
          ) : null}
        </span>
      </Link>
      <div className={styles.headerEnd}>
        {canSpareParts ? <CartButton /> : null}
        <LanguageSwitch />
        <ProfileMenu />
      </div>
    </header>
  );
}
