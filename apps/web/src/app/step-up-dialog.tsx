import { Suspense, useEffect, useState } from 'react';
import type { SsoDiscovery } from '@portal/contract';
import { createRoot } from 'react-dom/client';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { useAppStore } from '@/lib/app-store';
import { useTranslation } from '@/lib/i18n';
import { discoverSso } from '@/features/auth/api/discover-sso';
import { mailStepUpLink, passkeyErrorKey, stepUpWithPasskey } from '@/lib/passkeys';
import { SsoStepUpError, stepUpWithSso } from '@/lib/sso-step-up';
import { useAsyncAction } from '@/lib/use-async-action';
import styles from './step-up-dialog.module.css';

type SsoWay = Extract<SsoDiscovery, { method: 'sso' }>;

/** The sentence for a failed step-up, whichever way it was tried. */
function problemKey(error: unknown) {
  if (error instanceof SsoStepUpError) return 'shell:stepUp.ssoWindowBlocked' as const;
  return passkeyErrorKey(error);
}

/**
 * "Confirm it is you": a sensitive action was refused because the person signed in more than ten
 * minutes ago. They prove it with a passkey, with their identity provider where single sign-on
 * serves their address (in a window of its own that comes back to this page), or with a fresh
 * link mailed to them (opened in another tab, then "Continue") unless single sign-on is required
 * for them; the action is then sent again from the page they are on, with everything they
 * typed. Closing the dialog gives the action up, which the page then says.
 */
export function StepUpDialog({ onDone }: { onDone(proved: boolean): void }) {
  const { t } = useTranslation(['shell', 'errors', 'common']);
  const email = useAppStore((state) => state.user?.email ?? '');
  const passkey = useAsyncAction(stepUpWithPasskey);
  const link = useAsyncAction(mailStepUpLink);
  const sso = useAsyncAction(stepUpWithSso);
  const [ssoWay, setSsoWay] = useState<SsoWay | undefined>();
  const [isLinkSent, setLinkSent] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const onError = (error: unknown) => setProblem(t(problemKey(error)));

  useEffect(() => {
    if (!email) return undefined;
    let isCurrent = true;
    // Without an answer the dialog offers what every person has: a passkey and a link.
    discoverSso({ email }).then(
      (way) => {
        if (isCurrent && way.method === 'sso') setSsoWay(way);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [email]);

  return (
    <Dialog
      isOpen
      onClose={() => onDone(false)}
      closeLabel={t('shell:stepUp.cancel')}
      title={t('shell:stepUp.title')}
      description={t('shell:stepUp.why')}
      footer={
        <Button variant="text" onPress={() => onDone(false)}>
          {t('shell:stepUp.cancel')}
        </Button>
      }
    >
      <div role="group" aria-label={t('shell:stepUp.ways')} className={styles.ways}>
        {ssoWay ? (
          <Button
            isPending={sso.isPending}
            pendingLabel={t('shell:stepUp.waitingForSso', { provider: ssoWay.provider })}
            onPress={() => {
              setProblem(undefined);
              sso.run(ssoWay.startPath, { onSuccess: () => onDone(true), onError });
            }}
          >
            {t('shell:stepUp.useSso', { provider: ssoWay.provider })}
          </Button>
        ) : null}
        <Button
          variant={ssoWay ? 'outlined' : 'contained'}
          isPending={passkey.isPending}
          pendingLabel={t('shell:stepUp.waitingForPasskey')}
          onPress={() => {
            setProblem(undefined);
            passkey.run(undefined, { onSuccess: () => onDone(true), onError });
          }}
        >
          {t('shell:stepUp.usePasskey')}
        </Button>
        {ssoWay?.required ? null : isLinkSent ? (
          <>
            <p role="status">{t('shell:stepUp.linkSent', { email })}</p>
            <Button variant="outlined" onPress={() => onDone(true)}>
              {t('shell:stepUp.continue')}
            </Button>
          </>
        ) : (
          <Button
            variant="outlined"
            isPending={link.isPending}
            pendingLabel={t('shell:stepUp.sendingLink')}
            onPress={() => {
              setProblem(undefined);
              link.run(undefined, { onSuccess: () => setLinkSent(true), onError });
            }}
          >
            {t('shell:stepUp.mailLink')}
          </Button>
        )}
        {problem ? <p role="alert">{problem}</p> : null}
      </div>
    </Dialog>
  );
}

let asking: Promise<boolean> | undefined;

/**
 * Asks the person to prove again who they are; resolves whether they did. Calls refused while
 * the dialog is open wait for the same answer. The dialog has a root of its own, so the page
 * under it (its form, what was typed) is left exactly as it was.
 */
export function askStepUp(): Promise<boolean> {
  asking ??= new Promise<boolean>((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const done = (proved: boolean) => {
      asking = undefined;
      root.unmount();
      host.remove();
      resolve(proved);
    };
    root.render(
      <Suspense fallback={null}>
        <StepUpDialog onDone={done} />
      </Suspense>,
    );
  });
  return asking;
}
