import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

type Kind = 'notFound' | 'notAuthorized' | 'errorPage';

/** Not-found, not-authorized and the generic error page: title, description, two ways out. */
export function StatusPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(`${kind}.title`);
  useEffect(() => {
    document.title = `${title} · ${t('appName')}`;
  }, [title, t]);
  return (
    <section aria-labelledby="status-title">
      <h1 id="status-title">{title}</h1>
      <p>{t(`${kind}.description`)}</p>
      <button type="button" onClick={() => navigate(-1)}>
        {t('actions.goBack')}
      </button>{' '}
      <button type="button" onClick={() => navigate(paths.root)}>
        {t('actions.goHome')}
      </button>
    </section>
  );
}

export function NotFoundPage() {
  return <StatusPage kind="notFound" />;
}

export function NotAuthorizedPage() {
  return <StatusPage kind="notAuthorized" />;
}

/** Shown by every route's error boundary instead of a blank screen. */
export function RouteErrorPage() {
  return <StatusPage kind="errorPage" />;
}
