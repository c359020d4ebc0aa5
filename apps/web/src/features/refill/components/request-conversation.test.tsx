import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi, beforeEach } from 'vitest';
import type { RefillRequest } from '@portal/contract';
import { toaster } from '@/lib/toaster';
import { initRefillI18n, jsonResponse, renderWithRouter } from '../testing/render';
import { RequestConversation } from './request-conversation';
import { actAs } from '@/lib/testing/role';

const request: RefillRequest = {
  id: '44444444-4444-4444-8444-444444444444',
  number: 'RR-000007',
  status: 'submitted',
  createdAt: '2026-11-20T08:00:00.000Z',
  site: { id: '11111111-1111-4111-8111-111111111111', name: 'Lyon' },
  items: [{ drumId: '00000000-0000-4000-8000-000000000001', serial: 'TR-00001', quantity: 1 }],
  deliveryDate: '2026-11-26',
  windowStart: '08:00',
  windowEnd: '12:00',
  contactPhone: '+33612345678',
  poNumber: null,
  comment: null,
  attachments: [
    {
      id: '55555555-5555-4555-8555-555555555555',
      fileName: 'order.pdf',
      contentType: 'application/pdf',
      sizeBytes: 2048,
      createdAt: '2026-11-20T08:00:00.000Z',
      author: 'customer',
    },
    {
      id: '66666666-6666-4666-8666-666666666666',
      fileName: 'delivery-plan.pdf',
      contentType: 'application/pdf',
      sizeBytes: 4096,
      createdAt: '2026-11-21T08:00:00.000Z',
      author: 'service',
    },
  ],
  statusReason: null,
  turn: 'provider',
  handledBy: null,
  unread: false,
  timeline: [],
};

const acknowledgement = {
  id: '66666666-6666-4666-8666-666666666666',
  author: 'service',
  authorName: 'Customer service',
  body: 'We received your request.',
  createdAt: '2026-11-20T08:00:05.000Z',
};

describe('request conversation', () => {
  // The rules of a buyer; what a viewer sees is tested below.
  beforeEach(() => actAs('buyer'));

  beforeAll(() => initRefillI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the acknowledgement and attachment, and posts a new message', async () => {
    let messages = [acknowledgement];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const { body } = JSON.parse(String(init.body)) as { body: string };
        const created = {
          id: '77777777-7777-4777-8777-777777777777',
          author: 'customer',
          authorName: 'Ada Lovelace',
          body,
          createdAt: '2026-11-20T09:00:00.000Z',
        };
        messages = [...messages, created];
        return jsonResponse(created, 201);
      }
      expect(url).toBe(`/api/refill/requests/${request.id}/messages?offset=0&limit=200`);
      return jsonResponse({ messages, nextOffset: null });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<RequestConversation request={request} onClose={vi.fn()} />);

    const log = await screen.findByRole('log', { name: 'Conversation about request RR-000007' });
    expect(await screen.findByText('We received your request.')).toBeInTheDocument();
    // Named once, as the API names it (not "Customer service (customer service)").
    expect(within(log).getByText('Customer service', { exact: true })).toBeInTheDocument();
    expect(log).not.toHaveTextContent('(customer service)');
    expect(screen.getByRole('link', { name: 'order.pdf' })).toHaveAttribute(
      'href',
      `/api/refill/requests/${request.id}/attachments/55555555-5555-4555-8555-555555555555`,
    );
    // Customer service's file says whose it is; the customer's own does not need to.
    const theirs = screen.getByRole('link', { name: 'delivery-plan.pdf' }).closest('li')!;
    expect(theirs).toHaveTextContent('(from customer service, 4 kB)');
    expect(screen.getByRole('link', { name: 'order.pdf' }).closest('li')).not.toHaveTextContent(
      'customer service',
    );

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Before 10, please.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Before 10, please.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ body: 'Before 10, please.' });
  });

  it.each([
    {
      language: 'en' as const,
      failure: () => jsonResponse({ message: 'server.internal' }, 500),
      toast: 'Something went wrong on our side. Please try again later.',
      notSent: 'Your message was not sent. It is still in the box: press Send to try again.',
      box: 'Message',
    },
    {
      language: 'fr' as const,
      failure: () => Promise.reject(new TypeError('Failed to fetch')),
      toast: "Le service n'a pas pu être joint. Vérifiez votre connexion et réessayez.",
      notSent:
        "Votre message n'a pas été envoyé. Il est toujours dans la zone de saisie\u202f: appuyez sur Envoyer pour réessayer.",
      box: 'Message',
    },
  ])(
    'keeps a message that failed to send, says why in $language, and sends it on retry',
    async ({ language, failure, toast, notSent, box }) => {
      await initRefillI18n(language);
      const show = vi.spyOn(toaster, 'show');
      let posts = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (_url: string, init?: RequestInit) => {
          if (init?.method !== 'POST')
            return jsonResponse({ messages: [acknowledgement], nextOffset: null });
          posts += 1;
          if (posts === 1) return failure();
          return jsonResponse({ ...acknowledgement, id: '8', author: 'customer', body: 'x' }, 201);
        }),
      );
      renderWithRouter(<RequestConversation request={request} onClose={vi.fn()} />);
      const user = userEvent.setup();
      const composer = await screen.findByRole('textbox', { name: box });
      await user.type(composer, 'Avant 10 h.{Enter}');

      // textContent, not toHaveTextContent: the latter folds the French no-break space.
      expect((await screen.findByRole('alert')).textContent).toBe(notSent);
      expect(composer).toHaveValue('Avant 10 h.');
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ description: toast }));
      await user.keyboard('{Enter}');
      await vi.waitFor(() => expect(composer).toHaveValue(''));
      expect(posts).toBe(2);
      show.mockRestore();
    },
  );
});

describe('order again', () => {
  beforeAll(() => initRefillI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  const twoDrums: RefillRequest['items'] = [
    { drumId: '00000000-0000-4000-8000-000000000001', serial: 'TR-00001', quantity: 1 },
    { drumId: '00000000-0000-4000-8000-000000000002', serial: 'TR-00002', quantity: 2 },
  ];

  it('links a delivered request to a new one with its drums; not while it is under way', async () => {
    actAs('buyer');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ messages: [acknowledgement], nextOffset: null })),
    );
    const delivered = { ...request, status: 'delivered' as const, items: twoDrums };
    const { unmount } = renderWithRouter(
      <RequestConversation request={delivered} onClose={vi.fn()} />,
    );
    const link = await screen.findByRole('link', { name: 'Order again' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/refill');
    expect(target.searchParams.get('tab')).toBe('request');
    expect(target.searchParams.getAll('refill')).toEqual(twoDrums.map((item) => item.drumId));
    unmount();

    renderWithRouter(
      <RequestConversation request={{ ...request, items: twoDrums }} onClose={vi.fn()} />,
    );
    await screen.findByText('We received your request.');
    expect(screen.queryByRole('link', { name: 'Order again' })).not.toBeInTheDocument();
  });

  it('is not offered to a viewer', async () => {
    actAs('viewer');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ messages: [acknowledgement], nextOffset: null })),
    );
    renderWithRouter(
      <RequestConversation request={{ ...request, status: 'delivered' }} onClose={vi.fn()} />,
    );
    await screen.findByText('We received your request.');
    expect(screen.queryByRole('link', { name: 'Order again' })).not.toBeInTheDocument();
  });
});
