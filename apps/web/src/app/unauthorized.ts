import { onUnauthorized } from '@/lib/api-client';
import { paths } from '@/config/paths';

/**
 * A 401 on any call but the session query ends the session: the browser goes to the site
 * root (a full load, so no state of the old session survives); a suspended user's, to the page
 * that says why.
 */
export function wireUnauthorized(
  goTo: (url: string) => void = (url) => window.location.assign(url),
) {
  onUnauthorized((_path, code) => goTo(code === 'auth.suspended' ? paths.suspended : paths.root));
}
