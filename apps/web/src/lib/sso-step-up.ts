import type { Profile } from '@portal/contract';
import { apiRequest } from './api-client';

/** The browser let no sign-in window open (a pop-up blocker). */
export class SsoStepUpError extends Error {
  override name = 'SsoStepUpError';
  constructor(readonly reason: 'window_blocked') {
    super(reason);
  }
}

/** How often the waiting page asks whether its session was stepped up. */
const POLL_MS = 1000;

const signedInAt = async () =>
  (await apiRequest<Profile>('/users/me', { cache: 'no-store' })).signedInAt ?? '';

/**
 * Signs the person in again at their identity provider, in a window of its own, so the page
 * that asked (its form, what was typed, the refused call) waits as it is. The window goes to the
 * provider and comes back to this page's path; the server steps up the session both share, which
 * this page sees as a new sign-in time. The page's isolation (its opener policy) cuts the tie to
 * the window once it leaves for the provider, so the session is what is watched, not the window:
 * a person who gives up cancels the dialog.
 */
export async function stepUpWithSso(startPath: string, win: Window = window): Promise<void> {
  const returnTo = `${win.location.pathname}${win.location.search}`;
  const url = `${startPath}${startPath.includes('?') ? '&' : '?'}returnTo=${encodeURIComponent(returnTo)}`;
  const popup = win.open(url, 'portal-sso-step-up', 'popup,width=520,height=720');
  if (!popup) throw new SsoStepUpError('window_blocked');
  // Read once the window is open (a window opened after a wait may be blocked); the person has
  // yet to sign in at the provider, so this is still the time before.
  const before = await signedInAt();
  return new Promise<void>((resolve) => {
    let isAsking = false;
    const timer = win.setInterval(() => {
      if (isAsking) return;
      isAsking = true;
      signedInAt().then(
        (now) => {
          isAsking = false;
          if (now && now !== before) {
            win.clearInterval(timer);
            popup.close();
            resolve();
          }
        },
        () => {
          // A reading sent with the token the step-up just replaced is refused: ask again.
          isAsking = false;
        },
      );
    }, POLL_MS);
  });
}
