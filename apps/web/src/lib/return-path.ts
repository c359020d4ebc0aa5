/**
 * The page a visitor was sent away from to sign in, kept in this browser until they have: the
 * sign-in link of their mail opens in a new tab, where the router's state is gone. Only ever read
 * through the landing rule (app/landing.ts), which checks it is a page of this site they may open.
 * The landing rule reads it with the signed-in screens: a visitor's first page carries only the
 * writing.
 */
export const RETURN_PATH_KEY = 'portal-return-path';

export function rememberReturnPath(path: string): void {
  try {
    localStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Storage full or disabled: the user lands on their home page.
  }
}
