import { useState } from 'react';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { useMe } from '@/features/auth/api/get-me';
import { errorMessageKey } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { mailStepUpLink, stepUpWithPasskey } from '@/lib/passkeys';
import { stepUp } from '@/lib/step-up';
import { useAsyncAction } from '@/lib/use-async-action';
import styles from './step-up-dialog.module.css';

/**
 * "Confirm it is you": a sensitive action was refused because the person signed in more than ten
 * minutes ago. They prove it with a passkey, or with a fresh link mailed to them (opened in
 * another tab, then "Continue"); the action is then sent again from the page they are on, with
 * everything they typed. Closing the dialog gives up the action, and says so where it was asked.
 */
export default function StepUpDialog() {
  const { t } = useTranslation(['shell', 'errors', 'common']);
  const me = useMe();
  const passkey = useAsyncAction(stepUpWithPasskey);
  const link = useAsyncAction(mailStepUpLink);
  const [isLinkSent, setLinkSent] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  const usePasskey = () => {
    setProblem(undefined);
    passkey.run(undefined, {
      onSuccess: () => stepUp.settle(true),
      onError: (error) => setProblem(t(errorMessageKey(error))),
    });
  };
  const sendLink = () => {
    setProblem(undefined);
    link.run(undefined, {
      onSuccess: () => setLinkSent(true),
      onError: (error) => setProblem(t(errorMessageKey(error))),
    });
  };

  return (
    <Dialog
      isOpen
      onClose={() => stepUp.settle(false)}
      closeLabel={t('shell:stepUp.cancel')}
      title={t('shell:stepUp.title')}
      description={t('shell:stepUp.why')}
      footer={
        <Button variant="text" onPress={() => stepUp.settle(false)}>
          {t('shell:stepUp.cancel')}
        </Button>
      }
    >
      <div role="group" aria-label={t('shell:stepUp.ways')} className={styles.ways}>
        <Button
          isPending={passkey.isPending}
          pendingLabel={t('shell:stepUp.waitingForPasskey')}
          onPress={usePasskey}
        >
          {t('shell:stepUp.usePasskey')}
        </Button>
        {isLinkSent ? (
          <>
            <p role="status">{t('shell:stepUp.linkSent', { email: me.data?.email ?? '' })}</p>
            <Button variant="outlined" onPress={() => stepUp.settle(true)}>
              {t('shell:stepUp.continue')}
            </Button>
          </>
        ) : (
          <Button
            variant="outlined"
            isPending={link.isPending}
            pendingLabel={t('shell:stepUp.sendingLink')}
            onPress={sendLink}
          >
            {t('shell:stepUp.mailLink')}
          </Button>
        )}
        {problem ? <p role="alert">{problem}</p> : null}
      </div>
    </Dialog>
  );
}
