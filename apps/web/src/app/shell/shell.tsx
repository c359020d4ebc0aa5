import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { CenteredSpinner } from '@portal/ui/spinner';
import { useRefillCommands } from '@/features/refill/hooks/use-refill-commands';
import { useSparePartsCommands } from '@/features/spareparts/hooks/use-spare-parts-commands';
import { useAbility } from '@/lib/ability';
import { onStepUpRequired } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { RevealApp } from '../prerendered-page';
import { Footer } from './footer';
import { Header } from './header';
import { Navbar } from './navbar';
import { LandingRedirect } from './landing-redirect';
import { StandingRedirect } from './standing-redirect';
import styles from './shell.module.css';

const NAV_ID = 'main-navigation';

// The service worker and the offline banner, once the page has loaded (app/pwa/field-frame.tsx).
const FieldFrame = lazy(() => import('../pwa/field-frame'));
// The live updates load after the page's first render, with the query client they use: no page
// waits for them, nor pays for them in its budget.
const LiveUpdates = lazy(() =>
  import('./live-updates').then((module) => ({ default: module.LiveUpdates })),
);
// Sensitive calls are made from signed-in screens only: a refused one asks the person to prove
// who they are, with the step-up dialog, whose code arrives with the first call that needs it.
onStepUpRequired(() => import('../step-up-dialog').then((module) => module.askStepUp()));

/** The features' palette entries, registered while signed in, whatever screen is open. */
function RefillCommands() {
  useRefillCommands();
  return null;
}

function SparePartsCommands() {
  useSparePartsCommands();
  return null;
}

/**
 * The signed-in frame: skip link, header, navbar, main content and footer. `children`
 * replaces the route outlet for pages that use the frame without being its child routes
 * (not-found and not-authorized when signed in).
 */
export default function Shell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(['shell', 'common']);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const ability = useAbility();
  const canRefill = ability.can('get', 'refill');
  const canSpareParts = ability.can('get', 'spareparts');
  const [hasLoaded, setLoaded] = useState(false);
  useEffect(() => {
    const onLoad = () => setLoaded(true);
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  useEffect(() => {
    if (!isMenuOpen) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);
  return (
    <div className={styles.shell}>
      {/* Before the standing redirect: the one that says where to go last wins. */}
      <LandingRedirect />
      <StandingRedirect />
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      {canRefill ? <RefillCommands /> : null}
      {canSpareParts ? <SparePartsCommands /> : null}
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <Header
        navId={NAV_ID}
        isMenuOpen={isMenuOpen}
        onToggleMenu={() => setMenuOpen((open) => !open)}
      />
      <Navbar id={NAV_ID} isOpen={isMenuOpen} onNavigate={() => setMenuOpen(false)} />
      {isMenuOpen ? (
        // A tap beside the phone drawer closes it; keyboard users have the toggle and Escape.
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className={styles.scrim}
          onClick={() => setMenuOpen(false)}
        />
      ) : null}
      <main id="main" tabIndex={-1} className={styles.main}>
        {hasLoaded ? (
          <Suspense fallback={null}>
            <FieldFrame />
          </Suspense>
        ) : null}
        <Suspense fallback={<CenteredSpinner label={t('common:loading')} />}>
          {children ?? <Outlet />}
          <RevealApp />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
