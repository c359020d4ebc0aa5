import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiKeyList } from '@portal/contract';
import { apiRequest } from '../api-client';
import { nextPageOffset, pagePath } from '../paged-list';
import { integrationKeys, type IntegrationBase } from './integration-keys';

/** GET <base>/api-keys: a page of the account's API keys (never the keys), newest first. */
export function getApiKeys(
  base: IntegrationBase,
  offset: number,
  signal?: AbortSignal,
): Promise<ApiKeyList> {
  return apiRequest<ApiKeyList>(pagePath(`${base}/api-keys`, offset), { signal });
}

export const apiKeysQueryOptions = (base: IntegrationBase) =>
  infiniteQueryOptions({
    queryKey: integrationKeys.apiKeys(base),
    queryFn: ({ pageParam, signal }) => getApiKeys(base, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    select: (data) => data.pages.flatMap((page) => page.apiKeys),
  });

/** The keys read so far; `fetchNextPage` reads older ones while `hasNextPage`. */
export function useApiKeys(base: IntegrationBase) {
  return useInfiniteQuery(apiKeysQueryOptions(base));
}

/** The portal's rules for keys (longest lifetime, rotation's overlap), read with the first page. */
export function useApiKeyPolicy(base: IntegrationBase) {
  return useInfiniteQuery({
    ...apiKeysQueryOptions(base),
    select: (data) => data.pages[0]?.policy,
  }).data;
}
