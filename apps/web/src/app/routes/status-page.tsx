import { useNavigate } from 'react-router';
import { Button } from '@portal/ui/button';
import { ErrorPage } from '@portal/ui/error-page';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { PublicFrame } from '../public-frame';
import { RevealApp } from '../prerendered-page';
import { useDocumentTitle } from '@/lib/use-document-title';

type Kind = 'notFound' | 'notAuthorized' | 'errorPage';

/**
 * Not-found, not-authorized and the generic error page: title, description, go back
 * (history back) and go home (the root).
 */
export function StatusPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(`${kind}.title`);
  useDocumentTitle(title);
  return (
    <ErrorPage
      title={title}
      description={t(`${kind}.description`)}
      actions={
        <>
          <Button variant="outlined" onPress={() => void navigate(-1)}>
            {t('actions.goBack')}
          </Button>
          <Button variant="contained" onPress={() => void navigate(paths.root)}>
            {t('actions.goHome')}
          </Button>
        </>
      }
    />
  );
}

export function NotFoundPage() {
  return <StatusPage kind="notFound" />;
}

export function NotAuthorizedPage() {
  return <StatusPage kind="notAuthorized" />;
}

/**
 * Every route's error boundary (never a blank screen). `isStandalone` when the route has no
 * frame around it, so the page brings its own main landmark.
 */
export function RouteErrorPage({ isStandalone = false }: { isStandalone?: boolean }) {
  if (!isStandalone) return <StatusPage kind="errorPage" />;
  return (
    <PublicFrame>
      <StatusPage kind="errorPage" />
      {/* A page that failed is shown, not the prerendered one it was to replace. */}
      <RevealApp />
    </PublicFrame>
  );
}
