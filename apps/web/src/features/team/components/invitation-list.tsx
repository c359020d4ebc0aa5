import { Button } from '@portal/ui/button';
import type { Invitation } from '@portal/contract';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useResendInvitation, useRevokeInvitation } from '../api/team-mutations';
import { formatDateTime } from '@/lib/date-time';
import styles from './team.module.css';

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t, i18n } = useTranslation(['team', 'errors', 'common']);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const email = invitation.email;
  return (
    <li className={styles.row}>
      <div className={styles.who}>
        <strong>{email}</strong>
        <span className={styles.muted}>
          {t(`team:roles.${invitation.role}`)}
          {' · '}
          {t(`team:invitations.expiry.${invitation.status}`, {
            date: formatDateTime(invitation.expiresAt, i18n.language),
          })}
        </span>
      </div>
      <div className={styles.actions}>
        <span className={styles.status} data-status={invitation.status}>
          {t(`team:invitations.status.${invitation.status}`)}
        </span>
        <Button
          variant="outlined"
          size="small"
          isPending={resend.isPending}
          pendingLabel={t('team:invite.sending')}
          onPress={() =>
            resend.mutate(invitation.id, {
              onSuccess: () =>
                toaster.show({ type: 'success', title: t('team:invitations.resent', { email }) }),
              onError: (error) => showErrorToasts(error, t),
            })
          }
        >
          {t('team:invitations.resend', { email })}
        </Button>
        <Button
          variant="text"
          tone="destructive"
          size="small"
          isPending={revoke.isPending}
          pendingLabel={t('team:invitations.revoking')}
          onPress={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () =>
                toaster.show({ type: 'success', title: t('team:invitations.revoked', { email }) }),
              onError: (error) => showErrorToasts(error, t),
            })
          }
        >
          {t('team:invitations.revoke', { email })}
        </Button>
      </div>
    </li>
  );
}

export function InvitationList({ invitations }: { invitations: Invitation[] }) {
  const { t } = useTranslation(['team', 'errors']);
  return (
    <section className={styles.section} aria-labelledby="invitations-title">
      <h2 id="invitations-title">{t('invitations.title')}</h2>
      {invitations.length === 0 ? (
        <p className={styles.muted}>{t('invitations.none')}</p>
      ) : (
        <ul className={styles.list}>
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}
