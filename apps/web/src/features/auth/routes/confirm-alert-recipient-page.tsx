import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '@portal/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useConfirmAlertRecipient } from '../api/confirm-alert-recipient';
import styles from '../components/auth.module.css';

const isDeadLink = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status === 400;

/**
 * /alerts/confirm/:token, the link of the one mail an outside alert recipient gets. Opening the
 * page confirms nothing (mail scanners open links): the person presses the button.
 */
export default function ConfirmAlertRecipientPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  useDocumentTitle(t('auth:alertRecipient.title'));
  const { token = '' } = useParams();
  const confirm = useConfirmAlertRecipient();
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(null);

  if (confirmedEmail) {
    return (
      <section className={styles.signIn} aria-labelledby="alert-recipient-title">
        <h1 id="alert-recipient-title" className={styles.title}>
          {t('auth:alertRecipient.doneTitle')}
        </h1>
        <p role="status">{t('auth:alertRecipient.doneDescription', { email: confirmedEmail })}</p>
      </section>
    );
  }
  if (isDeadLink(confirm.error)) {
    return (
      <section className={styles.signIn} aria-labelledby="alert-recipient-title">
        <h1 id="alert-recipient-title" className={styles.title}>
          {t('auth:alertRecipient.invalidTitle')}
        </h1>
        <p>
          {t(
            confirm.error.body?.message === 'alerts.confirmation_link_expired'
              ? 'errors:alerts.confirmation_link_expired'
              : 'errors:alerts.confirmation_link_invalid',
          )}
        </p>
      </section>
    );
  }
  return (
    <section className={styles.signIn} aria-labelledby="alert-recipient-title">
      <h1 id="alert-recipient-title" className={styles.title}>
        {t('auth:alertRecipient.title')}
      </h1>
      <p>{t('auth:alertRecipient.description')}</p>
      <Button
        size="large"
        isPending={confirm.isPending}
        pendingLabel={t('auth:alertRecipient.pending')}
        onPress={() =>
          confirm.run(token, {
            onSuccess: ({ email }) => setConfirmedEmail(email),
            onError: (error) => {
              if (!isDeadLink(error)) showErrorToasts(error, t);
            },
          })
        }
      >
        {t('auth:alertRecipient.submit')}
      </Button>
    </section>
  );
}
