import { onUnauthorized } from '@/lib/api-client';
import { paths } from '@/config/paths';

/**
 * Spec §8: a 401 on any call but the session query ends the session: the browser goes to the site
 * root (a full load, so no state of the old session survives).
 */
export function wireUnauthorized(
  goTo: (url: string) => void = (url) => window.location.assign(url),
) {
  onUnauthorized(() => goTo(paths.root));
}
