import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface ScreenParams {
  params: URLSearchParams;
  /**
   * Applies `change` to the latest search params and navigates (a new history entry unless
   * `replace`). Unlike react-router's `setSearchParams`, two calls in one event compose: the
   * second sees what the first wrote (the kit table reports a sort and then page 1).
   */
  update(
    change: (params: URLSearchParams) => URLSearchParams,
    options?: { replace?: boolean },
  ): void;
}

export function useScreenParams(): ScreenParams {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef(location.search);
  useEffect(() => {
    latest.current = location.search;
  }, [location.search]);
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const update = useCallback<ScreenParams['update']>(
    (change, options) => {
      const next = change(new URLSearchParams(latest.current)).toString();
      const search = next ? `?${next}` : '';
      if (search === latest.current) return;
      latest.current = search;
      void navigate(`?${next}`, { replace: options?.replace });
    },
    [navigate],
  );
  return { params, update };
}
