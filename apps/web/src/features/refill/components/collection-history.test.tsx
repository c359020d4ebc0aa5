import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collection } from '@portal/contract';
import { actAs } from '@/lib/testing/role';
import { initRefillI18n, jsonResponse, renderWithRouter } from '../testing/render';
import { CollectionHistory } from './collection-history';

const collection: Collection = {
  id: '77777777-7777-4777-8777-777777777777',
  number: 'CO-000003',
  status: 'scheduled',
  createdAt: '2026-11-20T08:00:00.000Z',
  drum: { id: '00000000-0000-4000-8000-0000000000aa', serial: 'TR-00099' },
  site: { id: '11111111-1111-4111-8111-111111111111', name: 'Gerland' },
  pickupAddress: '12 rue des Forges\nLyon',
  timeSlots: [{ date: '2026-11-26', period: 'afternoon' }],
  loadingMeans: 'crane',
  comment: null,
  pickupDate: '2026-11-26',
  collectedOn: null,
  statusReason: null,
  turn: 'provider',
  handledBy: { id: '22222222-2222-4222-8222-222222222222', name: 'Adam Bernard' },
  unread: false,
  timeline: [
    {
      id: '33333333-3333-4333-8333-333333333331',
      at: '2026-11-20T08:00:00.000Z',
      side: 'customer',
      actor: 'Ada Lovelace',
      action: 'create',
      from: null,
      to: 'requested',
      details: null,
    },
    {
      id: '33333333-3333-4333-8333-333333333332',
      at: '2026-11-20T10:00:00.000Z',
      side: 'staff',
      actor: null,
      action: 'schedule',
      from: 'requested',
      to: 'scheduled',
      details: { pickupDate: '2026-11-26' },
    },
  ],
};

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/messages')
        ? jsonResponse({ messages: [], nextOffset: null })
        : jsonResponse({ collections: [collection], nextOffset: null }),
    ),
  );
}

describe('drum collections in the request history', () => {
  beforeAll(() => initRefillI18n('en'));
  beforeEach(() => actAs('buyer'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists each collection with its status and whose turn, and opens it where it stands', async () => {
    stubApi();
    const { router } = renderWithRouter(<CollectionHistory />, '/refill?tab=requests');
    const table = await screen.findByRole('table', { name: 'Drum collections' });
    expect(table).toHaveTextContent('TR-00099');
    expect(table).toHaveTextContent('Pickup scheduled');
    expect(table).toHaveTextContent('Our turn: customer service is on it');
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Open the conversation of request CO-000003' }),
    );
    expect(new URLSearchParams(router.state.location.search).get('collection')).toBe(collection.id);
    expect(await screen.findByRole('heading', { name: 'Drum collection CO-000003' })).toHaveFocus();
    expect(screen.getByText('Crane on site')).toBeInTheDocument();
    expect(screen.getByText('Handled by Adam Bernard')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Drum released');
    expect(history).toHaveTextContent('Pickup scheduled');
    // Scheduled: only customer service may cancel it now.
    expect(screen.queryByRole('button', { name: 'Cancel this request' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the requests' }));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Open the conversation of request CO-000003' }),
      ).toHaveFocus(),
    );
  });
});
