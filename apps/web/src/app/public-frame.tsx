import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { Footer } from './shell/footer';
import { Logo } from './shell/logo';
import { LanguageSwitch } from './shell/language-switch';
import styles from './public-frame.module.css';

/**
 * The frame of the pages a visitor sees (auth, sign-in, privacy, not-found): the logo, the
 * language switch a visitor needs before anything else, the main landmark and the footer with
 * the legal notice. The signed-in shell has the same pieces plus navigation.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <Link to={paths.root} className={styles.brand} aria-label={t('shell:header.home')}>
          <Logo />
          <span className={styles.brandName}>{t('common:appName')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
