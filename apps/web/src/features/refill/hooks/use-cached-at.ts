import { useEffect, useState } from 'react';

/**
 * When the service worker's copy of a GET answer was made (its Date header), while the device
 * is offline: the screen says how old the data it shows is. Null online, or with no copy.
 */
export function useCachedAt(apiPath: string, isOnline: boolean): Date | null {
  const [cachedAt, setCachedAt] = useState<Date | null>(null);
  useEffect(() => {
    if (isOnline || typeof caches === 'undefined') return undefined;
    let isCurrent = true;
    void caches
      .match(apiPath, { ignoreVary: true, ignoreSearch: false })
      .then((response) => {
        const date = response?.headers.get('date');
        if (isCurrent) setCachedAt(date ? new Date(date) : null);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [apiPath, isOnline]);
  return isOnline ? null : cachedAt;
}
