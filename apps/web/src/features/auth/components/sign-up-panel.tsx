import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useSignUp } from '../api/sign-up';
import { useCountdown } from '../hooks/use-countdown';
import { retryAfterSeconds, showErrorToasts } from '@/lib/error-toasts';
import { SignUpConfirmation } from './sign-up-confirmation';
import { SignUpForm, type SignUpPayload } from './sign-up-form';

/** One mail per address per 60 s: the resend button counts it down. */
const RESEND_WAIT_SECONDS = 60;

/** Form view, then the confirmation view once the link is sent. */
export function SignUpPanel() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const signUp = useSignUp();
  const [sent, setSent] = useState<SignUpPayload | null>(null);
  const countdown = useCountdown();
  const confirmationHeading = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Move focus to the confirmation so screen readers announce the new view.
    if (sent) confirmationHeading.current?.querySelector('h2')?.focus();
  }, [sent]);

  const onError = (error: unknown) => {
    const wait = retryAfterSeconds(error);
    if (wait) countdown.start(wait);
    showErrorToasts(error, t);
  };

  const submit = (payload: SignUpPayload) =>
    signUp.run(payload, {
      onSuccess: () => {
        setSent(payload);
        countdown.start(RESEND_WAIT_SECONDS);
      },
      onError,
    });

  const resend = () => {
    if (!sent) return;
    signUp.run(sent, {
      onSuccess: () => {
        countdown.start(RESEND_WAIT_SECONDS);
        toaster.show({
          type: 'success',
          title: t('common:success'),
          description: t('auth:confirmation.resent'),
        });
      },
      onError,
    });
  };

  if (!sent) return <SignUpForm isSending={signUp.isPending} onSubmit={submit} />;
  return (
    <div ref={confirmationHeading}>
      <SignUpConfirmation
        email={sent.email}
        isSending={signUp.isPending}
        secondsLeft={countdown.secondsLeft}
        onResend={resend}
        onChangeAddress={() => setSent(null)}
      />
    </div>
  );
}
