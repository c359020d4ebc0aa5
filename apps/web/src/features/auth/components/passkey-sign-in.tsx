import { useState } from 'react';
import { Button } from '@portal/ui/button';
import { useTranslation } from '@/lib/i18n';
import styles from './auth.module.css';

/**
 * "Sign in with a passkey": the browser offers the person's passkeys, no address is typed. The
 * first page carries only this button; the passkey code arrives on the press.
 */
export default function PasskeySignIn() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [isPending, setPending] = useState(false);
  return (
    <Button
      variant="outlined"
      className={styles.submit}
      isPending={isPending}
      pendingLabel={t('auth:passkey.pending')}
      onPress={() => {
        setPending(true);
        void import('../api/passkey-sign-in')
          .then((module) => module.signInWithPasskeyAndGo(t))
          .finally(() => setPending(false));
      }}
    >
      {t('auth:passkey.signIn')}
    </Button>
  );
}
