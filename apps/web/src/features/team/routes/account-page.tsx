import { Button } from '@portal/ui/button';
import { PageHeader } from '@portal/ui/page-header';
import { CenteredSpinner } from '@portal/ui/spinner';
import type { SessionSummary } from '@portal/contract';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { formatDateTime } from '@/lib/date-time';
import { PasskeyList } from '../components/passkey-list';
import { PersonalData } from '../components/personal-data';
import styles from '../components/team.module.css';

function useDeviceName() {
  const { t } = useTranslation(['team', 'errors']);
  return (session: SessionSummary) =>
    session.browser && session.os
      ? t('sessions.device', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t('sessions.unknownDevice'));
}

function SessionRow({ session }: { session: SessionSummary }) {
  const { t, i18n } = useTranslation(['team', 'errors', 'common']);
  const end = useEndSession();
  const device = useDeviceName()(session);
  return (
    <li className={styles.row}>
      <div className={styles.who}>
        <strong>
          {device}
          {session.current ? ` ${t('team:sessions.thisOne')}` : ''}
        </strong>
        <span className={styles.muted}>
          {t('team:sessions.times', {
            created: formatDateTime(session.createdAt, i18n.language),
            lastSeen: formatDateTime(session.lastSeenAt, i18n.language),
          })}
        </span>
        <span className={styles.muted}>
          {session.signInMethod === 'sso' && session.signInProvider
            ? t('team:sessions.signedInWithProvider', { provider: session.signInProvider })
            : t(`team:sessions.signedInWith.${session.signInMethod}`)}
        </span>
      </div>
      {session.current ? null : (
        <Button
          variant="outlined"
          size="small"
          isPending={end.isPending}
          pendingLabel={t('team:sessions.signingOut')}
          onPress={() =>
            end.mutate(session.id, {
              onSuccess: () =>
                toaster.show({ type: 'success', title: t('team:sessions.signedOut') }),
              onError: (error) => showErrorToasts(error, t),
            })
          }
        >
          {t('team:sessions.signOut', { device })}
        </Button>
      )}
    </li>
  );
}

/** /account: where the user is signed in and how, their passkeys, and their personal data. */
export default function AccountPage() {
  const { t } = useTranslation(['team', 'errors', 'common']);
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  if (sessions.isError) throw sessions.error;
  if (!sessions.data) return <CenteredSpinner label={t('team:loading')} />;
  const others = sessions.data.sessions.filter((session) => !session.current).length;
  return (
    <div className={styles.page}>
      <PageHeader title={t('team:account.title')} />
      <section className={styles.section} aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t('team:sessions.title')}</h2>
        <ul className={styles.list}>
          {sessions.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
        {others > 0 ? (
          <div>
            <Button
              tone="destructive"
              variant="outlined"
              isPending={endOthers.isPending}
              pendingLabel={t('team:sessions.signingOut')}
              onPress={() =>
                endOthers.mutate(undefined, {
                  onSuccess: ({ signedOut }) =>
                    toaster.show({
                      type: 'success',
                      title: t('team:sessions.othersSignedOut', { count: signedOut }),
                    }),
                  onError: (error) => showErrorToasts(error, t),
                })
              }
            >
              {t('team:sessions.signOutOthers')}
            </Button>
          </div>
        ) : null}
      </section>
      <PasskeyList />
      <PersonalData />
    </div>
  );
}
