import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` (a minute by default): relative times such as
 * "2 hours ago" move on while the page stays open, without a reload or a refetch.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
