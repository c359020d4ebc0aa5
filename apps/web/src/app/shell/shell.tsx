import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { CenteredSpinner } from '@portal/ui/spinner';
import { paths } from '@/config/paths';

/** The signed-in frame: header, navigation, main content and footer (spec §2). */
export default function Shell() {
  const { t } = useTranslation();
  return (
    <>
      <header>
        <Link to={paths.root}>{t('appName')}</Link>
      </header>
      <nav aria-label={t('appName')}>
        <Link to={paths.refill}>{t('screens.refill')}</Link>{' '}
        <Link to={paths.spareParts}>{t('screens.spareparts')}</Link>
      </nav>
      <main id="main">
        <Suspense fallback={<CenteredSpinner label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer>© 2025</footer>
    </>
  );
}
