import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RefillRequest } from '@portal/contract';
import { initRefillI18n, jsonResponse, renderWithRouter } from '../testing/render';
import { RequestHistory } from './request-history';

function makeRequest(index: number): RefillRequest {
  const number = String(index).padStart(6, '0');
  return {
    id: `44444444-4444-4444-8444-${number.padStart(12, '0')}`,
    number: `RR-${number}`,
    status: 'submitted',
    createdAt: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString(),
    site: { id: '11111111-1111-4111-8111-111111111111', name: 'Lyon' },
    items: [{ drumId: '00000000-0000-4000-8000-000000000001', serial: 'TR-00001', quantity: 1 }],
    deliveryDate: '2026-11-26',
    windowStart: '08:00',
    windowEnd: '12:00',
    contactPhone: '+33612345678',
    poNumber: null,
    comment: null,
    attachments: [],
    statusReason: null,
    turn: 'provider',
    handledBy: null,
    unread: false,
    timeline: [],
  };
}

describe.each([
  {
    language: 'en',
    showOlder: 'Show older requests',
    later: 'Once confirmed',
    never: 'None: request cancelled',
    download: 'Download the delivery note of request RR-000002 (PDF)',
  },
  {
    language: 'fr',
    showOlder: 'Afficher les demandes plus anciennes',
    later: 'Une fois confirmée',
    // Testing Library's matcher reads the narrow no-break space as a space.
    never: 'Aucun : demande annulée',
    download: 'Télécharger le bon de livraison de la demande RR-000002 (PDF)',
  },
] as const)(
  'refill request history ($language)',
  ({ language, showOlder, later, never, download }) => {
    afterEach(() => vi.unstubAllGlobals());

    it('reads the requests page by page, newest first, until the last', async () => {
      await initRefillI18n(language);
      // 70 requests, newest first, 50 a page as the API answers.
      const all = Array.from({ length: 70 }, (_, i) => makeRequest(70 - i));
      const fetchMock = vi.fn(async (url: string) => {
        const query = new URL(url, 'http://localhost').searchParams;
        const offset = Number(query.get('offset'));
        const end = offset + 50;
        return jsonResponse({
          requests: all.slice(offset, end),
          nextOffset: end < all.length ? end : null,
        });
      });
      vi.stubGlobal('fetch', fetchMock);
      renderWithRouter(<RequestHistory onNewRequest={vi.fn()} />);

      const more = await screen.findByRole('button', { name: showOlder });
      await userEvent.setup().click(more);
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: showOlder })).not.toBeInTheDocument(),
      );
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        '/api/refill/requests?offset=0',
        '/api/refill/requests?offset=50',
      ]);
      // The table pages what was read: its range counts all 70.
      expect(within(screen.getByRole('table')).getAllByRole('row').length).toBeGreaterThan(1);
      expect(screen.getByText(/of 70|sur 70/)).toBeInTheDocument();
    });

    it('promises a delivery note only to a request that will have one', async () => {
      await initRefillI18n(language);
      const requests = (['submitted', 'confirmed', 'cancelled'] as const).map((status, index) => ({
        ...makeRequest(3 - index),
        status,
      }));
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse({ requests, nextOffset: null })),
      );
      renderWithRouter(<RequestHistory onNewRequest={vi.fn()} />);
      const table = await screen.findByRole('table');
      const rowOf = (number: string) =>
        within(table).getByText(number).closest('tr') as HTMLElement;
      expect(within(rowOf('RR-000003')).getByText(later)).toBeInTheDocument();
      expect(within(rowOf('RR-000002')).getByRole('button', { name: download })).toBeEnabled();
      const cancelled = rowOf('RR-000001');
      expect(within(cancelled).getByText(never)).toBeInTheDocument();
      expect(within(cancelled).queryByText(later)).not.toBeInTheDocument();
    });
  },
);
