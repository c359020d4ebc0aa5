import type { NavigateFunction } from 'react-router';
import { paths } from '@/config/paths';
import type { TFunction } from '@/lib/i18n';
import { showPasskeyError, signInWithPasskey } from '@/lib/passkeys';
import { startSession } from './sign-in';

/**
 * Signs in with a passkey and starts the session, as a link does, then goes to the first page;
 * a failure is shown as a toast. Loaded on the button's press.
 */
export async function signInWithPasskeyAndGo(t: TFunction, navigate: NavigateFunction) {
  try {
    await startSession(signInWithPasskey());
    await navigate(paths.root, { replace: true });
  } catch (error) {
    showPasskeyError(error, t);
  }
}
