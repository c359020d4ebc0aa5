import { useCallback, useMemo } from 'react';
import {
  changeCatalogue,
  parseCatalogueParams,
  writeCatalogueParams,
  type CatalogueParams,
} from '../lib/catalogue-params';
import { useScreenParams } from './use-screen-params';

/** The catalogue's state in the URL, and the one way to change it. */
export function useCatalogueParams() {
  const { params, update } = useScreenParams();
  const state = useMemo(() => parseCatalogueParams(params), [params]);
  const change = useCallback(
    (next: Partial<CatalogueParams>, options?: { replace?: boolean }) =>
      update(
        (current) =>
          writeCatalogueParams(current, changeCatalogue(parseCatalogueParams(current), next)),
        options,
      ),
    [update],
  );
  return { state, change };
}
