import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi, beforeEach } from 'vitest';
import { priceFigures, type Quote } from '@portal/contract';
import { toaster } from '@/lib/toaster';
import SparePartsPage from '../routes/spare-parts-page';
import {
  initSparePartsI18n,
  installFakeApi,
  jsonResponse,
  makeCatalogue,
  renderWithRouter,
} from '../testing/render';
import { captureDownloads } from '@/lib/testing/downloads';
import { actAs } from '@/lib/testing/role';
import { closeCartPanel, isCartPanelOpen } from '../lib/cart-panel';

const parts = makeCatalogue();

function seedQuote(quotes: Quote[]): Quote {
  const seal = parts.find((part) => part.partNumber === 'SEAL-22')!;
  const quote: Quote = {
    id: '90000000-0000-4000-8000-000000000042',
    number: 'QR-000042',
    status: 'offered',
    createdAt: '2026-11-20T08:00:00.000Z',
    comment: 'Gate B, ask for Marc.',
    lines: [
      {
        partId: seal.id,
        partNumber: seal.partNumber,
        designation: seal.designation,
        quantity: 3,
        unitPriceCents: 320,
        lineTotalCents: 960,
      },
    ],
    figures: priceFigures([{ quantity: 3, unitPriceCents: 320 }], 0, 2000),
    currency: 'EUR',
    offer: null,
    poNumber: null,
    statusReason: null,
    turn: 'provider',
    handledBy: null,
    unread: false,
    timeline: [],
  };
  quotes.push(quote);
  return quote;
}

/**
 * An offered quote as the server answers it: parts at €15.71 and €14.96 in the catalogue,
 * offered at €13.50 and €11.00 (6 and 4 of them), so €125.00 before tax.
 */
function seedOfferedQuote(quotes: Quote[]): Quote {
  const [bearing, filter] = ['BRG-6204', 'FLT-0100'].map((number) =>
    parts.find((part) => part.partNumber === number)!,
  );
  const lines = [
    { part: bearing!, quantity: 6, unitPriceCents: 1350 },
    { part: filter!, quantity: 4, unitPriceCents: 1100 },
  ].map(({ part, quantity, unitPriceCents }) => ({
    partId: part.id,
    partNumber: part.partNumber,
    designation: part.designation,
    quantity,
    unitPriceCents,
    lineTotalCents: quantity * unitPriceCents,
  }));
  const quote: Quote = {
    id: '90000000-0000-4000-8000-000000000043',
    number: 'QR-000043',
    status: 'offered',
    createdAt: '2026-11-20T08:00:00.000Z',
    comment: null,
    lines,
    figures: priceFigures(lines, 0, 2000),
    currency: 'EUR',
    offer: { validUntil: '2026-12-15', note: null },
    poNumber: null,
    statusReason: null,
    turn: 'customer',
    handledBy: null,
    unread: false,
    timeline: [],
  };
  quotes.push(quote);
  return quote;
}

/** The figures a quote's page states (the list named `label`), each term with its amount. */
function figuresOf(label: string): string[][] {
  const terms = within(screen.getByLabelText(label)).getAllByRole('term');
  return terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

/** A table row's cells, as text. */
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('quote history', { timeout: 20_000 }, () => {
  // The rules of a buyer; what a viewer sees is tested below.
  beforeEach(() => actAs('buyer'));

  beforeAll(() => initSparePartsI18n('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    {
      language: 'en' as const,
      list: 'My quotes',
      title: 'Quote QR-000043',
      label: 'Figures of quote QR-000043',
      listed: ['€125.00', '€150.00'],
      rows: [
        ['BRG-6204', 'Deep groove ball bearing 6204', '6', '€13.50', '€81.00'],
        ['FLT-0100', 'Hydraulic oil filter', '4', '€11.00', '€44.00'],
      ],
      figures: [
        ['Total excl. VAT', '€125.00'],
        ['VAT (20%)', '€25.00'],
        ['Total incl. VAT', '€150.00'],
      ],
    },
    {
      language: 'fr' as const,
      list: 'Mes devis',
      title: 'Devis QR-000043',
      label: 'Montants du devis QR-000043',
      listed: ['125,00\u00a0€', '150,00\u00a0€'],
      rows: [
        ['BRG-6204', 'Deep groove ball bearing 6204', '6', '13,50\u00a0€', '81,00\u00a0€'],
        ['FLT-0100', 'Hydraulic oil filter', '4', '11,00\u00a0€', '44,00\u00a0€'],
      ],
      figures: [
        ['Total HT', '125,00\u00a0€'],
        ['TVA (20\u00a0%)', '25,00\u00a0€'],
        ['Total TTC', '150,00\u00a0€'],
      ],
    },
  ])(
    'shows an offer at its offered prices, before tax, tax and with tax, in the list and on its page ($language)',
    async ({ language, list, title, label, listed, rows, figures }) => {
      await initSparePartsI18n(language);
      try {
        const api = installFakeApi({ parts });
        const quote = seedOfferedQuote(api.quotes);
        const { router } = renderWithRouter(<SparePartsPage />, '/spareparts?tab=quotes');
        const table = await screen.findByRole('table', { name: list });
        const row = within(table).getByText(quote.number).closest('tr') as HTMLElement;
        expect(cellsOf(row)).toEqual(expect.arrayContaining(listed));

        await act(() => router.navigate(`/spareparts?tab=quotes&quote=${quote.id}`));
        expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
        const lines = screen.getAllByRole('table')[0]!;
        const lineRows = within(lines).getAllByRole('row').slice(1);
        expect(lineRows.map(cellsOf)).toEqual(rows);
        expect(figuresOf(label)).toEqual(figures);
      } finally {
        await initSparePartsI18n('en');
      }
    },
  );

  it('lists the quotes, opens one with its lines and conversation, sends a message, goes back', async () => {
    const api = installFakeApi({ parts });
    const quote = seedQuote(api.quotes);
    api.messages.set(quote.id, [
      {
        id: '77777777-0000-4000-8000-000000000001',
        author: 'service',
        authorName: 'Customer service',
        body: 'Your quote is ready.',
        createdAt: '2026-11-20T09:00:00.000Z',
      },
    ]);
    const { router } = renderWithRouter(<SparePartsPage />, '/spareparts?tab=quotes');
    const table = await screen.findByRole('table', { name: 'My quotes' });
    const row = within(table).getByText('QR-000042').closest('tr') as HTMLElement;
    expect(within(row).getByText('Offer ready')).toBeInTheDocument();
    expect(within(row).getByText('1 line · 3 items')).toBeInTheDocument();
    expect(within(row).getByText('€9.60')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Open quote QR-000042' }));
    expect(router.state.location.search).toBe(`?tab=quotes&quote=${quote.id}`);
    // Focus moves in an effect, after the heading is in the page.
    const title = await screen.findByRole('heading', { name: 'Quote QR-000042' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByText('Gate B, ask for Marc.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'SEAL-22' })).toBeInTheDocument();
    expect(await screen.findByText('Your quote is ready.')).toBeInTheDocument();
    expect(screen.getByText('Customer service')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Delivery on Friday?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Delivery on Friday?')).toBeInTheDocument();
    expect(api.messages.get(quote.id)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Back to my quotes' }));
    expect(router.state.location.search).toBe('?tab=quotes');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open quote QR-000042' })).toHaveFocus(),
    );
    // Back in history reopens the quote.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Quote QR-000042' })).toBeInTheDocument();
  });

  it('shows the offer, its total and validity, and accepts it with a PO number', async () => {
    let sent: unknown;
    const api = installFakeApi({
      parts,
      intercept: ({ method, path, body }) => {
        if (method !== 'POST' || !path.endsWith('/transition')) return undefined;
        sent = body;
        const accepted: Quote = {
          ...api.quotes[0]!,
          status: 'accepted',
          turn: null,
          poNumber: 'PO-77',
          timeline: [
            {
              id: '88888888-0000-4000-8000-000000000001',
              at: '2026-11-21T09:00:00.000Z',
              side: 'customer',
              actor: 'Ada Lovelace',
              action: 'accept',
              from: 'offered',
              to: 'accepted',
              details: { poNumber: 'PO-77' },
            },
          ],
        };
        api.quotes[0] = accepted;
        return jsonResponse(accepted);
      },
    });
    const quote = seedQuote(api.quotes);
    Object.assign(quote, {
      turn: 'customer',
      handledBy: { id: '99999999-0000-4000-8000-000000000001', name: 'Adam Bernard' },
      lines: [{ ...quote.lines[0]!, unitPriceCents: 300, lineTotalCents: 900 }],
      figures: priceFigures([{ quantity: 3, unitPriceCents: 300 }], 1000, 2000),
      offer: { validUntil: '2026-12-15', note: 'Ships Monday' },
    });
    renderWithRouter(<SparePartsPage />, `/spareparts?tab=quotes&quote=${quote.id}`);
    expect(await screen.findByText('Handled by Adam Bernard')).toBeInTheDocument();
    expect(figuresOf(`Figures of quote ${quote.number}`)).toEqual([
      ['Subtotal', '€9.00'],
      ['Discount (10%)', '-€0.90'],
      ['Total excl. VAT', '€8.10'],
      ['VAT (20%)', '€1.62'],
      ['Total incl. VAT', '€9.72'],
    ]);
    expect(screen.getByText('Ships Monday')).toBeInTheDocument();
    const user = userEvent.setup();
    const downloads = captureDownloads();
    await user.click(
      screen.getByRole('button', { name: `Download the offer on quote ${quote.number} (PDF)` }),
    );
    expect(downloads).toEqual([`/api/documents/quotes/${quote.id}/offer true`]);
    const accept = screen.getByRole('button', { name: 'Accept the offer' });
    expect(accept).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Your purchase order number/ }), 'PO-77');
    await user.click(accept);
    expect(sent).toEqual({ action: 'accept', poNumber: 'PO-77' });
    expect(await screen.findByText('Offer accepted')).toBeInTheDocument();
    expect(screen.getByText('PO number: PO-77')).toBeInTheDocument();
  });

  it('orders an accepted quote again: its lines are added to the cart, which opens', async () => {
    const api = installFakeApi({ parts });
    const quote = seedQuote(api.quotes);
    Object.assign(quote, { status: 'accepted', turn: null, poNumber: 'PO-9' });
    const seal = quote.lines[0]!;
    api.cart.set(seal.partId, 2);
    renderWithRouter(<SparePartsPage />, `/spareparts?tab=quotes&quote=${quote.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Order again' }));
    // Added to what the cart held: 2 + the quote's 3.
    await waitFor(() => expect(api.cart.get(seal.partId)).toBe(5));
    expect(isCartPanelOpen()).toBe(true);
    act(() => closeCartPanel());
  });

  it('offers no "order again" before the quote is accepted', async () => {
    const api = installFakeApi({ parts });
    const quote = seedQuote(api.quotes);
    renderWithRouter(<SparePartsPage />, `/spareparts?tab=quotes&quote=${quote.id}`);
    expect(
      await screen.findByRole('heading', { name: `Quote ${quote.number}` }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download the offer/ })).not.toBeInTheDocument();
  });

  it('shows a failed message as a toast, and an unknown quote plainly', async () => {
    const api = installFakeApi({
      parts,
      intercept: ({ method, path }) =>
        method === 'POST' && path.endsWith('/messages')
          ? jsonResponse({ message: 'request.not_found' }, 404)
          : undefined,
    });
    const quote = seedQuote(api.quotes);
    const show = vi.spyOn(toaster, 'show');
    const { unmount } = renderWithRouter(
      <SparePartsPage />,
      `/spareparts?tab=quotes&quote=${quote.id}`,
    );
    await screen.findByText('No message yet. Ask customer service anything about this quote here.');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        type: 'error',
        title: 'Error',
        description: 'Not found.',
      }),
    );
    unmount();

    renderWithRouter(
      <SparePartsPage />,
      '/spareparts?tab=quotes&quote=90000000-0000-4000-8000-0000000000ff',
    );
    expect(
      await screen.findByText("This quote does not exist or is not one of your account's quotes."),
    ).toBeInTheDocument();
  });

  it('reads older quotes page by page, opens an old one from its URL, and reads a long conversation whole', async () => {
    const api = installFakeApi({ parts });
    const first = seedQuote(api.quotes);
    // 120 quotes: the API answers them newest first, 50 at a time.
    for (let i = 2; i <= 120; i++) {
      const number = String(i).padStart(6, '0');
      api.quotes.push({
        ...first,
        id: `90000000-0000-4000-8000-${number.padStart(12, '0')}`,
        number: `QR-${number}`,
      });
    }
    api.messages.set(
      first.id,
      Array.from({ length: 450 }, (_, i) => ({
        id: `77777777-0000-4000-8000-${String(i).padStart(12, '0')}`,
        author: 'service' as const,
        authorName: 'Customer service',
        body: `Message ${i + 1}`,
        createdAt: '2026-11-20T09:00:00.000Z',
      })),
    );
    const { unmount } = renderWithRouter(<SparePartsPage />, '/spareparts?tab=quotes');
    const user = userEvent.setup();
    const showOlder = await screen.findByRole('button', { name: 'Show older quotes' });
    expect(screen.queryByText('QR-000042')).not.toBeInTheDocument();
    await user.click(showOlder);
    await user.click(await screen.findByRole('button', { name: 'Show older quotes' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show older quotes' })).not.toBeInTheDocument(),
    );
    const quotePages = api.calls.filter(
      (call) => call.method === 'GET' && call.url.pathname === '/api/spareparts/quotes',
    );
    expect(quotePages.map((call) => call.url.searchParams.get('offset'))).toEqual([
      '0',
      '50',
      '100',
    ]);
    unmount();

    // The oldest quote, linked to directly, is found past the first page.
    renderWithRouter(<SparePartsPage />, `/spareparts?tab=quotes&quote=${first.id}`);
    expect(await screen.findByRole('heading', { name: 'Quote QR-000042' })).toBeInTheDocument();
    expect(await screen.findByText('Message 450')).toBeInTheDocument();
    expect(screen.getByText('Message 1')).toBeInTheDocument();
  });

  it('invites to browse the catalogue when there is no quote yet', async () => {
    installFakeApi({ parts });
    const { router } = renderWithRouter(<SparePartsPage />, '/spareparts?tab=quotes');
    expect(
      await screen.findByText(
        'No quote request yet. Add parts to your cart, then request a quote.',
      ),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Browse the catalogue' }));
    expect(router.state.location.search).toBe('');
  });
});
