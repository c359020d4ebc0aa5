import { paths } from '@/config/paths';
import type { TFunction } from '@/lib/i18n';
import { showPasskeyError, signInWithPasskey } from '@/lib/passkeys';
import { startSession } from './sign-in';

/**
 * Signs in with a passkey and starts the session, as a link does, then loads the first page
 * afresh (as a session that ends does); a failure is shown as a toast. Loaded on the press.
 */
export async function signInWithPasskeyAndGo(t: TFunction) {
  try {
    await startSession(signInWithPasskey());
    window.location.assign(paths.root);
  } catch (error) {
    showPasskeyError(error, t);
  }
}
