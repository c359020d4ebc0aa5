import { useNavigate } from 'react-router';
import { Button } from '@portal/ui/button';
import { paths } from '@/config/paths';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { useAsyncAction } from '@/lib/use-async-action';
import styles from './auth.module.css';

// The passkey code (WebAuthn, the session start) arrives on the press: the first page carries
// only this button.
const signInWithPasskey = () =>
  import('../api/passkey-sign-in').then((module) => module.signInWithPasskeyAndStartSession());

/** "Sign in with a passkey": the browser offers the person's passkeys; no address is typed. */
export function PasskeySignIn() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const signIn = useAsyncAction(signInWithPasskey);
  return (
    <Button
      variant="outlined"
      size="medium"
      className={styles.submit}
      isPending={signIn.isPending}
      pendingLabel={t('auth:passkey.pending')}
      onPress={() =>
        signIn.run(undefined, {
          onSuccess: () => navigate(paths.root, { replace: true }),
          onError: (error) => showErrorToasts(error, t),
        })
      }
    >
      {t('auth:passkey.signIn')}
    </Button>
  );
}
