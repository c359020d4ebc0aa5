import type { Profile } from '@portal/contract';
import { signInWithPasskey } from '@/lib/passkeys';
import { startSession } from './sign-in';

/** Signs in with a passkey and starts the session, as a link does. Loaded on the button's press. */
export function signInWithPasskeyAndStartSession(): Promise<Profile> {
  return startSession(signInWithPasskey());
}
