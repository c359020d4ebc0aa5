import type { ReactNode } from 'react';
import { IconButton } from '@portal/ui/icon-button';
import { MenuIcon } from '@portal/ui/icons';
import type { RuntimeSettings } from '@/config/env';
import { useTranslation } from '@/lib/i18n';
import { Brand } from './header';
import styles from './shell.module.css';

/**
 * The signed-in frame as the server shows it before the scripts (prerender/pages.tsx): the same
 * boxes as the Shell, so nothing moves when the SPA's shell takes its place, without what
 * depends on the user (profile, cart, language, their navigation entries). One per environment,
 * which the header names. Inert: nothing here takes input.
 */
export function ShellFrame({
  environment,
  children,
}: {
  environment: RuntimeSettings['appEnv'];
  children: ReactNode;
}) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <IconButton
          className={styles.menuToggle}
          label={t('header.openMenu')}
          icon={<MenuIcon />}
          onPress={() => {}}
        />
        <Brand environment={environment} />
      </header>
      <nav className={styles.nav} aria-label={t('shell:nav.label')} />
      <main className={styles.main}>{children}</main>
    </div>
  );
}
