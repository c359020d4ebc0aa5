import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SensorDeviceList } from '@portal/contract';
import { apiRequest } from '../api-client';
import { nextPageOffset, pagePath } from '../paged-list';
import { integrationKeys, type IntegrationBase } from './integration-keys';

/** GET <base>/devices: the account's LoRaWAN devices, those no drum is mapped to first. */
export function getDevices(
  base: IntegrationBase,
  offset: number,
  signal?: AbortSignal,
): Promise<SensorDeviceList> {
  return apiRequest<SensorDeviceList>(pagePath(`${base}/devices`, offset), { signal });
}

export const devicesQueryOptions = (base: IntegrationBase) =>
  infiniteQueryOptions({
    queryKey: integrationKeys.devices(base),
    queryFn: ({ pageParam, signal }) => getDevices(base, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    select: (data) => data.pages.flatMap((page) => page.devices),
  });

/** The devices read so far; `fetchNextPage` reads more while `hasNextPage`. */
export function useDevices(base: IntegrationBase) {
  return useInfiniteQuery(devicesQueryOptions(base));
}
