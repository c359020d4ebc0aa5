import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { priceFigures, type Attachment, type Inbox, type WorkItemDetail } from '@portal/contract';
import { captureDownloads } from '@/lib/testing/downloads';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import backofficeEn from '../../../../../../packages/locales/backoffice/en.json';
import backofficeFr from '../../../../../../packages/locales/backoffice/fr.json';
import InboxPage from './inbox-page';
import ItemPage from './item-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/backoffice', element: <InboxPage /> },
      { path: '/backoffice/items/:id', element: <ItemPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const itemId = '30000000-0000-4000-8000-000000000001';
const row: Inbox['items'][number] = {
  id: itemId,
  kind: 'quote',
  reference: 'QR-000007',
  status: 'in_review',
  turn: 'provider',
  account: { id: '10000000-0000-4000-8000-000000000001', name: 'Demo Industries' },
  site: null,
  assignee: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  waitingSince: '2026-11-20T08:00:00.000Z',
  dueAt: '2026-11-23T08:00:00.000Z',
  overdue: true,
  unread: true,
};
const inbox: Inbox = {
  items: [row],
  nextOffset: null,
  counts: {
    total: 1,
    mine: 0,
    unassigned: 1,
    overdue: 1,
    unread: 1,
    nextDueAt: null,
    byStatus: { in_review: 1 },
    views: { all: 4, mine: 2, unassigned: 1, overdue: 1, waiting: 3 },
  },
};
const detail: WorkItemDetail = {
  ...row,
  createdBy: 'buyer@example.com',
  comment: 'Spring maintenance',
  statusReason: null,
  refill: null,
  collection: null,
  quote: {
    lines: [
      {
        lineId: '40000000-0000-4000-8000-000000000001',
        partNumber: 'SEAL-22',
        designation: 'Seal',
        quantity: 2,
        listUnitPriceCents: 1000,
        offeredUnitPriceCents: null,
      },
    ],
    discountBasisPoints: 0,
    validUntil: null,
    offerNote: null,
    figures: priceFigures([{ quantity: 2, unitPriceCents: 1000 }], 0, 2000),
    poNumber: null,
  },
  actions: ['offer'],
  timeline: [],
  notes: [],
  messages: [],
};

const site = (id: string, name: string, city: string) => ({
  id,
  name,
  city,
  address: null,
  contacts: null,
  deliveryInstructions: null,
});
const demoAccount = {
  id: row.account.id,
  name: 'Demo Industries',
  verifiedDomains: [],
  notes: null,
  suspended: false,
  createdAt: '2026-01-05T08:00:00.000Z',
  sites: [
    site('50000000-0000-4000-8000-000000000001', 'Paris depot', 'Paris'),
    site('50000000-0000-4000-8000-000000000002', 'Lyon plant', 'Lyon'),
  ],
  drums: [],
  equipment: [],
  users: [],
};
const acme = {
  ...demoAccount,
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Acme Cables',
  sites: [site('50000000-0000-4000-8000-000000000003', 'Acme yard', 'Nantes')],
};
const accountSummary = (account: typeof demoAccount) => ({
  id: account.id,
  name: account.name,
  verifiedDomains: [],
  suspended: false,
  createdAt: account.createdAt,
  sites: account.sites.length,
  drums: 0,
  users: 0,
});

beforeEach(async () => {
  const i18n = await initTestI18n('en');
  i18n.addResourceBundle('en', 'backoffice', backofficeEn);
  i18n.addResourceBundle('fr', 'backoffice', backofficeFr);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const views = () => screen.getByRole('tablist', { name: 'Saved views' });

function answerInbox() {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url.includes('/preferences')) {
      return Promise.resolve(json({ notificationDigest: init?.method === 'PUT' }));
    }
    if (url.includes('/backoffice/accounts/')) {
      const id = url.split('/backoffice/accounts/')[1];
      return Promise.resolve(json(id === acme.id ? acme : demoAccount));
    }
    if (url.includes('/backoffice/accounts?')) {
      return Promise.resolve(json({ accounts: [accountSummary(acme)], nextOffset: null }));
    }
    return Promise.resolve(json(inbox));
  });
}

describe('the inbox page', { timeout: 20_000 }, () => {
  it('puts the saved views with their counts, one filter bar and one pager before the rows', async () => {
    answerInbox();
    const { router, user } = renderAt('/backoffice');
    await screen.findByRole('table', { name: 'Inbox' });
    // The saved views with the server's counts, the chosen one selected.
    expect(
      within(views())
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All 4', 'Mine 2', 'Unassigned 1', 'Overdue 1', 'Waiting ≥ 3 days 3']);
    expect(within(views()).getByRole('tab', { name: 'All 4' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // One pager: the table's.
    expect(screen.getAllByRole('navigation', { name: 'Pagination' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(views()).getByRole('tab', { name: 'Mine 2' }));
    expect(router.state.location.search).toBe('?assignee=me');
    const lastUrl = String(fetchMock.mock.calls.at(-1)?.[0]);
    expect(lastUrl).toContain('assignee=me');
    expect(within(views()).getByRole('tab', { name: 'Mine 2' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // The kind is a menu of the filter bar; choosing one starts over from its open items.
    await user.click(screen.getByRole('combobox', { name: 'Kind All' }));
    await user.click(screen.getByRole('option', { name: 'Quote' }));
    expect(router.state.location.search).toBe('?assignee=me&kind=quote');
    await user.click(screen.getByRole('combobox', { name: 'Status Open' }));
    expect(screen.getByRole('option', { name: 'In review (1)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Kind Quote' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(router.state.location.search).toBe('?assignee=me');
  });

  it('lists items with their marks, and keeps its filters in the address', async () => {
    answerInbox();
    const { router, user } = renderAt('/backoffice');
    const table = await screen.findByRole('table', { name: 'Inbox' });
    const line = within(table).getByRole('link', { name: 'QR-000007' }).closest('tr')!;
    expect(within(line).getByText('Overdue')).toBeInTheDocument();
    expect(within(line).getByText('Unread message')).toBeInTheDocument();
    expect(within(line).getByText('Nobody yet')).toBeInTheDocument();
    await user.click(within(views()).getByRole('tab', { name: 'Mine 2' }));
    expect(router.state.location.search).toBe('?assignee=me');

    // An account's name narrows the inbox to it, then one of its sites; another account found by
    // name starts again from all its sites, and clearing the account shows every account.
    const search = () => new URLSearchParams(router.state.location.search);
    const inboxUrl = () =>
      String(fetchMock.mock.calls.findLast(([url]) => String(url).includes('/inbox'))?.[0]);
    await user.click(await screen.findByRole('button', { name: 'Show only Demo Industries' }));
    expect(search().get('accountId')).toBe(row.account.id);
    expect(inboxUrl()).toContain(`accountId=${row.account.id}`);
    await user.click(await screen.findByRole('combobox', { name: 'Site Every site' }));
    await user.click(screen.getByRole('option', { name: 'Lyon plant (Lyon)' }));
    expect(search().get('siteId')).toBe(demoAccount.sites[1]!.id);
    await waitFor(() => expect(inboxUrl()).toContain(`siteId=${demoAccount.sites[1]!.id}`));
    // A view replaces the other view's filter.
    await user.click(within(views()).getByRole('tab', { name: 'Waiting ≥ 3 days 3' }));
    expect(inboxUrl()).toContain('minAgeDays=3');
    expect(inboxUrl()).toContain('assignee=any');

    const account = screen.getByRole('combobox', { name: 'Account Demo Industries' });
    await user.click(account);
    await user.type(screen.getByRole('combobox', { name: 'Search…' }), 'Acme');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search=Acme'))).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: 'Acme Cables' }));
    expect(search().get('accountId')).toBe(acme.id);
    expect(search().get('siteId')).toBeNull();
    const chosen = await screen.findByRole('combobox', { name: 'Account Acme Cables' });
    await user.click(within(chosen.parentElement!).getByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('?age=3');

    // The daily digest instead of a mail per change.
    await user.click(screen.getByRole('switch', { name: /Daily digest/ }));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ notificationDigest: true });
    expect(await screen.findByRole('switch', { name: /Daily digest/ })).toBeChecked();
  });

  it(
    'marks an item overdue once it falls due, with no other change to announce it',
    {
      timeout: 20_000,
    },
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const dueAt = new Date(Date.now() + 60_000).toISOString();
      const coming: Inbox = {
        items: [{ ...row, dueAt, overdue: false }],
        nextOffset: null,
        counts: {
          ...inbox.counts,
          overdue: 0,
          nextDueAt: dueAt,
          views: { ...inbox.counts.views, overdue: 0 },
        },
      };
      const due: Inbox = {
        items: [{ ...row, dueAt, overdue: true }],
        nextOffset: null,
        counts: {
          ...inbox.counts,
          overdue: 1,
          nextDueAt: null,
          views: { ...inbox.counts.views, overdue: 1 },
        },
      };
      fetchMock.mockImplementation((input) => {
        const url = String(input);
        if (url.includes('/preferences'))
          return Promise.resolve(json({ notificationDigest: false }));
        if (!url.includes('/backoffice/inbox')) return Promise.resolve(json({}, 404));
        return Promise.resolve(json(Date.now() > Date.parse(dueAt) ? due : coming));
      });
      try {
        renderAt('/backoffice');
        const table = await screen.findByRole('table', { name: 'Inbox' });
        expect(within(views()).getByRole('tab', { name: 'Overdue 0' })).toBeInTheDocument();
        expect(within(table).queryByText('Overdue')).toBeNull();
        await vi.advanceTimersByTimeAsync(30_000);
        expect(within(table).queryByText('Overdue')).toBeNull();
        await vi.advanceTimersByTimeAsync(32_000);
        expect(await within(table).findByText('Overdue')).toBeInTheDocument();
        expect(within(views()).getByRole('tab', { name: 'Overdue 1' })).toBeInTheDocument();
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('downloads the inbox under the filters on screen', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(inbox)));
    const downloads = captureDownloads();
    const { user } = renderAt('/backoffice?kind=quote&overdue=true&age=7');
    await screen.findByRole('table', { name: 'Inbox' });
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV file (.csv)' }));
    expect(downloads).toHaveLength(1);
    const url = new URL(downloads[0]!.split(' ')[0]!, 'http://x');
    expect(url.pathname).toBe('/api/exports/inbox');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      kind: 'quote',
      overdue: 'true',
      minAgeDays: '7',
      assignee: 'any',
      status: 'open',
      format: 'csv',
    });
  });
});

/** The notice that holds a reply back: an alert naming the newer message. */
async function heldNotice() {
  const text = await screen.findByText(/^A new message arrived while you were writing/);
  const alert = text.closest<HTMLElement>('[role="alert"]');
  if (!alert) throw new Error('the notice is not an alert');
  return alert;
}

describe('the item page', { timeout: 20_000 }, () => {
  it('prices a quote: the offer carries each line price in cents, the discount and validity', async () => {
    fetchMock.mockImplementation((_input, init) =>
      Promise.resolve(
        json(init?.method === 'POST' ? { ...detail, status: 'offered', actions: [] } : detail),
      ),
    );
    const { user } = renderAt(`/backoffice/items/${itemId}`);
    const form = await screen.findByRole('form', { name: 'Price the quote' });
    expect(screen.queryByRole('button', { name: /^Download the offer/ })).not.toBeInTheDocument();
    const price = within(form).getByRole('textbox', { name: /^Unit price in euros/ });
    expect(price).toHaveValue('10.00');
    // The figures the customer sees: before tax, the tax and the total with tax.
    expect(
      screen.getByText('Total excl. VAT €20.00 · VAT (20%) €4.00 · Total incl. VAT €24.00'),
    ).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '8,50');
    await user.clear(within(form).getByRole('textbox', { name: 'Discount in percent' }));
    await user.type(within(form).getByRole('textbox', { name: 'Discount in percent' }), '12.5');
    await within(form).findByRole('button', { name: 'Choose a date' });
    await user.type(within(form).getByRole('textbox', { name: /^Valid until/ }), '12/31/2026');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Send the offer' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain(`/api/backoffice/items/${itemId}/transition`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      action: 'offer',
      offer: {
        lines: [{ lineId: '40000000-0000-4000-8000-000000000001', unitPriceCents: 850 }],
        discountBasisPoints: 1250,
        validUntil: '2026-12-31',
      },
    });
    // Once offered, the offer downloads as a PDF; before, there is nothing to download.
    const downloads = captureDownloads();
    await user.click(await screen.findByRole('button', { name: /^Download the offer on / }));
    expect(downloads).toEqual([`/api/backoffice/quotes/${itemId}/offer true`]);
  });

  it("lists a refill request's files by who attached them and attaches one as customer service", async () => {
    const file: Attachment = {
      id: '60000000-0000-4000-8000-000000000001',
      fileName: 'site-plan.pdf',
      contentType: 'application/pdf',
      sizeBytes: 20480,
      createdAt: '2026-11-20T08:00:00.000Z',
      author: 'customer',
    };
    const refillItem: WorkItemDetail = {
      ...detail,
      kind: 'refill_request',
      reference: 'RR-000003',
      status: 'submitted',
      quote: null,
      actions: [],
      refill: {
        deliveryDate: '2026-12-02',
        windowStart: '08:00',
        windowEnd: '12:00',
        contactPhone: '+33612345678',
        poNumber: null,
        items: [{ serial: 'TR-02400', quantity: 1 }],
        attachments: [file],
      },
    };
    let attachments: Attachment[] = [file];
    fetchMock.mockImplementation((_input, init) => {
      if (init?.method === 'POST') {
        const uploaded: Attachment = {
          ...file,
          id: '60000000-0000-4000-8000-000000000002',
          author: 'service',
        };
        attachments = [file, { ...uploaded, fileName: 'delivery-note.pdf' }];
        return Promise.resolve(json(uploaded, 201));
      }
      return Promise.resolve(
        json({ ...refillItem, refill: { ...refillItem.refill, attachments } }),
      );
    });
    renderAt(`/backoffice/items/${itemId}`);
    const files = await screen.findByRole('region', { name: 'Files' });
    expect(within(files).getByRole('link', { name: 'site-plan.pdf' })).toHaveAttribute(
      'href',
      `/api/backoffice/items/${itemId}/attachments/${file.id}`,
    );
    expect(files).toHaveTextContent('from the customer, 20 kB');

    const input = files.querySelector<HTMLInputElement>('input[type="file"]')!;
    const pdf = new File(['%PDF-1.7'], 'delivery-note.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    const post = await waitFor(() => {
      const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(call).toBeDefined();
      return call!;
    });
    expect(String(post[0])).toContain(`/api/backoffice/items/${itemId}/attachments`);
    expect((post[1]?.body as FormData).get('file')).toBe(pdf);
    expect(await within(files).findByRole('link', { name: 'delivery-note.pdf' })).toBeVisible();
    expect(files).toHaveTextContent('from customer service');
  });

  it(
    'holds a reply when a newer message arrived, shows that message, and sends it anyway when asked',
    { timeout: 20_000 },
    async () => {
      const mine = {
        id: '60000000-0000-4000-8000-000000000001',
        author: 'customer' as const,
        authorName: 'Ada Lovelace',
        body: 'Can you deliver on Monday?',
        createdAt: '2026-11-20T08:00:00.000Z',
      };
      const newer = {
        ...mine,
        id: '60000000-0000-4000-8000-000000000002',
        body: 'Tuesday would suit us better.',
        createdAt: '2026-11-20T09:00:00.000Z',
      };
      let current: WorkItemDetail = { ...detail, messages: [mine] };
      const replies: unknown[] = [];
      fetchMock.mockImplementation((input, init) => {
        const url = String(input);
        if (url.includes('/presence')) return Promise.resolve(json({ others: [] }));
        if (url.includes('/messages') && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { body: string; seenMessages?: number };
          replies.push(body);
          // The customer wrote again while the agent was typing.
          current = { ...current, messages: [mine, newer] };
          if (body.seenMessages !== undefined && body.seenMessages < current.messages.length) {
            return Promise.resolve(
              json({ statusCode: 409, error: 'Conflict', message: 'workflow.newer_message' }, 409),
            );
          }
          const reply = {
            ...mine,
            id: '60000000-0000-4000-8000-000000000003',
            author: 'service' as const,
            authorName: 'Grace Hopper',
            body: body.body,
          };
          current = { ...current, messages: [mine, newer, reply] };
          return Promise.resolve(json(current));
        }
        return Promise.resolve(json(current));
      });
      const { user } = renderAt(`/backoffice/items/${itemId}`);
      const log = await screen.findByRole('log', { name: /QR-000007/ });
      expect(within(log).getByText('Can you deliver on Monday?')).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Monday it is.');
      await user.click(screen.getByRole('button', { name: 'Send' }));

      // Held: the newer message shows, the reply stays in the composer, nothing was stored.
      const alert = await heldNotice();
      expect(await within(log).findByText('Tuesday would suit us better.')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('Monday it is.');
      expect(replies).toEqual([{ body: 'Monday it is.', seenMessages: 1 }]);
      expect(within(log).queryByText('Monday it is.')).not.toBeInTheDocument();

      // Sent anyway: without the check this time, and the notice goes.
      await user.click(within(alert).getByRole('button', { name: 'Send my reply anyway' }));
      expect(await within(log).findByText('Monday it is.')).toBeInTheDocument();
      expect(replies).toEqual([
        { body: 'Monday it is.', seenMessages: 1 },
        { body: 'Monday it is.' },
      ]);
      await waitFor(() =>
        expect(screen.queryByText(/A new message arrived while you were writing/)).toBeNull(),
      );
      expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('');
    },
  );

  it('puts the focus back in the held reply to edit it', { timeout: 20_000 }, async () => {
    fetchMock.mockImplementation((input, init) => {
      const url = String(input);
      if (url.includes('/presence')) return Promise.resolve(json({ others: [] }));
      if (url.includes('/messages') && init?.method === 'POST') {
        return Promise.resolve(
          json({ statusCode: 409, error: 'Conflict', message: 'workflow.newer_message' }, 409),
        );
      }
      return Promise.resolve(json(detail));
    });
    const { user } = renderAt(`/backoffice/items/${itemId}`);
    const composer = await screen.findByRole('textbox', { name: 'Your answer' });
    await user.type(composer, 'Draft');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await heldNotice();
    await user.click(within(alert).getByRole('button', { name: 'Edit my reply' }));
    expect(composer).toHaveFocus();
    expect(composer).toHaveValue('Draft');
    expect(screen.queryByText(/A new message arrived while you were writing/)).toBeNull();
  });
});
