import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@portal/contract';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useMe } from './get-me';

const profile = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  company: null,
  phone: null,
  language: 'en',
  rules: [],
} as unknown as Profile;

describe('useMe', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses the profile read at boot instead of asking again as a screen mounts', async () => {
    const fetchMock = vi.fn(async () => Response.json(profile));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    client.setQueryData(queryKeys.profile, profile);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useMe(), { wrapper });
    expect(result.current.data).toEqual(profile);
    // Give a refetch on mount the time to start: none does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the API when nothing is cached', async () => {
    const fetchMock = vi.fn(async () => Response.json(profile));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useMe(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(profile));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
