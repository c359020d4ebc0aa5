import { linkedPages, ssoFailureReasons, type SsoFailureReason } from '@portal/contract';

/** A single sign-on step-up that did not prove it: the provider's refusal, or the window shut. */
export class SsoStepUpError extends Error {
  override name = 'SsoStepUpError';
  constructor(readonly reason: SsoFailureReason | 'window_closed') {
    super(reason);
  }
}

/** How often the waiting page looks at the sign-in window. */
const POLL_MS = 400;

const isReason = (value: string | null): value is SsoFailureReason =>
  (ssoFailureReasons as readonly (string | null)[]).includes(value);

/**
 * Signs the person in again at their identity provider, in a window of its own, so the page
 * that asked (its form, what was typed, the refused call) waits as it is: the window goes to the
 * provider and comes back to this page's path, which the server steps the session up for. Where
 * the browser blocks the window, this very page goes and comes back to the same path instead;
 * the person then presses again what they were doing.
 */
export function stepUpWithSso(startPath: string, win: Window = window): Promise<void> {
  const returnTo = `${win.location.pathname}${win.location.search}`;
  const url = `${startPath}${startPath.includes('?') ? '&' : '?'}returnTo=${encodeURIComponent(returnTo)}`;
  const popup = win.open(url, 'portal-sso-step-up', 'popup,width=520,height=720');
  if (!popup) {
    win.location.assign(url);
    return new Promise<void>(() => undefined);
  }
  return new Promise<void>((resolve, reject) => {
    const timer = win.setInterval(() => {
      if (popup.closed) {
        win.clearInterval(timer);
        reject(new SsoStepUpError('window_closed'));
        return;
      }
      let at: Location;
      try {
        at = popup.location;
        // Reading another site's address throws: the window is still at the provider.
        if (at.origin !== win.location.origin) return;
      } catch {
        return;
      }
      if (at.pathname === linkedPages.ssoFailed) {
        const reason = new URLSearchParams(at.search).get('reason');
        win.clearInterval(timer);
        popup.close();
        reject(new SsoStepUpError(isReason(reason) ? reason : 'provider_refused'));
      } else if (`${at.pathname}${at.search}` === returnTo) {
        win.clearInterval(timer);
        popup.close();
        resolve();
      }
    }, POLL_MS);
  });
}
