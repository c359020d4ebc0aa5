import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationList } from '@portal/contract';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { actAs } from '@/lib/testing/role';
import { NotificationBell } from './notification-bell';

const fetchMock = vi.fn<typeof fetch>();
const list: NotificationList = {
  notifications: [
    {
      id: '50000000-0000-4000-8000-000000000001',
      itemId: '30000000-0000-4000-8000-000000000001',
      kind: 'quote',
      reference: 'QR-000007',
      action: 'offer',
      status: 'offered',
      createdAt: '2026-11-24T09:00:00.000Z',
      read: false,
    },
    {
      id: '50000000-0000-4000-8000-000000000002',
      itemId: '00000000-0000-4000-8000-000000000042',
      kind: 'drum',
      reference: 'TR-00042',
      action: 'sensor_silent',
      status: '',
      createdAt: '2026-11-23T09:00:00.000Z',
      read: false,
    },
  ],
  unreadCount: 2,
  nextOffset: null,
};

beforeEach(async () => {
  await initTestI18n('en');
  actAs('buyer');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the notification bell', () => {
  it('says how many are unread, links each to its item and marks them all read', async () => {
    fetchMock.mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify(list), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
      ),
    );
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter>
          <NotificationBell />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const link = await screen.findByRole('link', { name: 'QR-000007: Offer made' });
    expect(link).toHaveAttribute(
      'href',
      '/spareparts?tab=quotes&quote=30000000-0000-4000-8000-000000000001',
    );
    // A drum's notification leads to the drum's detail.
    expect(screen.getByRole('link', { name: 'Drum TR-00042: sensor silent' })).toHaveAttribute(
      'href',
      '/refill?drum=00000000-0000-4000-8000-000000000042',
    );
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/api/notifications/read');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({});
  });
});
