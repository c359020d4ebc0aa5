import type { ClientErrorCode, ErrorCode, Profile } from '@portal/contract';
import { apiRequest } from './api-client';
import { errorMessageKey, showErrorToasts } from './error-toasts';
import type { TFunction } from './i18n';
import { toaster } from './toaster';

/** The options the server wrote for the browser's WebAuthn call. */
interface Options {
  options: Record<string, unknown>;
}

/** The browser's passkey prompt was closed (or timed out), or the browser has none. */
export class PasskeyCeremonyError extends Error {
  override name = 'PasskeyCeremonyError';
  constructor(readonly code: 'passkey_cancelled' | 'passkey_unsupported') {
    super(code);
  }
}

/**
 * The `errors` sentence for a failed passkey step: the browser's prompt closed or missing, else
 * what the API said (`errorMessageKey`).
 */
export function passkeyErrorKey(error: unknown): `errors:${ErrorCode | ClientErrorCode}` {
  return error instanceof PasskeyCeremonyError ? `errors:${error.code}` : errorMessageKey(error);
}

/** Shows a failed passkey step as an error toast (see `showErrorToasts`). */
export function showPasskeyError(error: unknown, t: TFunction): void {
  if (error instanceof PasskeyCeremonyError) {
    toaster.show({
      type: 'error',
      title: t('common:error'),
      description: t(passkeyErrorKey(error)),
    });
  } else {
    showErrorToasts(error, t);
  }
}

/** The WebAuthn browser code, loaded on the first use of a passkey: no page pays for it before. */
const webAuthn = () => import('@simplewebauthn/browser');

/** The browser's prompt, with its refusals named: closing it is no failure of ours. */
async function ceremony<T>(run: (browser: Awaited<ReturnType<typeof webAuthn>>) => Promise<T>) {
  const browser = await webAuthn();
  if (!browser.browserSupportsWebAuthn()) throw new PasskeyCeremonyError('passkey_unsupported');
  try {
    return await run(browser);
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const cause = (error as { cause?: { name?: string } }).cause?.name;
    if ([name, cause].some((each) => each === 'NotAllowedError' || each === 'AbortError')) {
      throw new PasskeyCeremonyError('passkey_cancelled');
    }
    throw error;
  }
}

const post = <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'POST', body });

/** Adds a passkey to the signed-in person's, under `name`. */
export async function createPasskey(name: string): Promise<void> {
  const { options } = await post<Options>('/users/me/passkeys/options');
  const credential = await ceremony((browser) =>
    browser.startRegistration({ optionsJSON: options as never }),
  );
  await post('/users/me/passkeys', { name, credential });
}

/** Signs in with a passkey the browser offers: no address typed. Answers the profile. */
export async function signInWithPasskey(): Promise<Profile> {
  const { options } = await post<Options>('/passkeys/sign-in/options');
  const credential = await ceremony((browser) =>
    browser.startAuthentication({ optionsJSON: options as never }),
  );
  return post<Profile>('/passkeys/sign-in', { credential });
}

/** The signed-in person proves again who they are with one of their passkeys (step-up). */
export async function stepUpWithPasskey(): Promise<void> {
  const { options } = await post<Options>('/users/me/step-up/options');
  const credential = await ceremony((browser) =>
    browser.startAuthentication({ optionsJSON: options as never }),
  );
  await post('/users/me/step-up', { credential });
}

/** Mails the signed-in person a fresh sign-in link; opening it proves again who they are. */
export function mailStepUpLink(): Promise<void> {
  return post('/users/me/step-up/link');
}
