import { Button } from '@portal/ui/button';
import { useTranslation } from '@/lib/i18n';
import styles from './auth.module.css';

export interface SignUpConfirmationProps {
  email: string;
  isSending: boolean;
  /** Seconds before the send limit allows another mail; the button waits until 0. */
  secondsLeft: number;
  onResend: () => void;
  onChangeAddress: () => void;
}

/** The confirmation view, shown after a successful sign-up. */
export function SignUpConfirmation({
  email,
  isSending,
  secondsLeft,
  onResend,
  onChangeAddress,
}: SignUpConfirmationProps) {
  const { t } = useTranslation('auth');
  return (
    <section className={styles.form} aria-labelledby="confirmation-title">
      <h2 id="confirmation-title" className={styles.title} tabIndex={-1}>
        {t('confirmation.thanks')}
      </h2>
      <p>{t('confirmation.validationNotice')}</p>
      <p className={styles.emailSent} role="status">
        {t('confirmation.emailSent', { email })}
      </p>
      <p>{t('confirmation.accessNote')}</p>
      <p>{t('confirmation.notReceived')}</p>
      <Button
        size="medium"
        isDisabled={isSending || secondsLeft > 0}
        isPending={isSending}
        pendingLabel={t('form.sending')}
        onPress={onResend}
        className={styles.submit}
      >
        {secondsLeft > 0
          ? t('confirmation.resendIn', { seconds: secondsLeft })
          : t('confirmation.resend')}
      </Button>
      <Button variant="text" onPress={onChangeAddress}>
        {t('confirmation.otherAddress')}
      </Button>
    </section>
  );
}
