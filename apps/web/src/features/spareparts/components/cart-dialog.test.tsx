import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toaster } from '@/lib/toaster';
import {
  initSparePartsI18n,
  installFakeApi,
  jsonResponse,
  makeCatalogue,
  renderWithRouter,
  type FakeApi,
} from '../testing/render';
import { closeCartPanel } from '../lib/cart-panel';
import { CartButton } from './cart-button';

const parts = makeCatalogue();
const bearing = parts.find((part) => part.partNumber === 'BRG-6204')!;
const seal = parts.find((part) => part.partNumber === 'SEAL-22')!;

function fillCart(api: FakeApi) {
  api.cart.set(bearing.id, 2);
  api.cart.set(seal.id, 5);
}

const posts = (api: FakeApi) =>
  api.calls.filter(
    (call) => call.method === 'POST' && call.url.pathname === '/api/spareparts/quotes',
  );

async function openCart() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Open the cart \(items: 7\)$/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
  // The dialog moves focus in on the next frame; typing before then would go to the wrong field.
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return { user, dialog };
}

describe('cart', { timeout: 20_000 }, () => {
  beforeAll(() => initSparePartsI18n('en'));
  afterEach(() => {
    closeCartPanel();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('counts the items on the header button and lists the lines with their totals', async () => {
    const api = installFakeApi({ parts });
    fillCart(api);
    renderWithRouter(<CartButton />);
    const { dialog } = await openCart();
    const lines = within(dialog).getByRole('list', { name: 'Parts in the cart' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    // 2 × €12.50 + 5 × €3.20 = €41.00
    expect(within(dialog).getByText('€12.50 × 2 =')).toBeInTheDocument();
    expect(within(dialog).getByText('€25.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Items: 7')).toBeInTheDocument();
    expect(within(dialog).getByText('Total €41.00')).toBeInTheDocument();
  });

  it('changes a quantity (the totals follow the server) and removes a line', async () => {
    const api = installFakeApi({ parts });
    fillCart(api);
    renderWithRouter(<CartButton />);
    const { user, dialog } = await openCart();
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity of SEAL-22' });
    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.tab();
    await waitFor(() => expect(within(dialog).getByText('Total €57.00')).toBeInTheDocument());
    expect(api.cart.get(seal.id)).toBe(10);
    // Leaving the field sent it at once; the debounce then has nothing left to send.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Remove BRG-6204 from the cart' }));
    await waitFor(() => expect(within(dialog).getByText('Total €32.00')).toBeInTheDocument());
    expect(api.cart.has(bearing.id)).toBe(false);
  });

  it('sends the quote with its comment; a retry after a failure reuses the key; one quote', async () => {
    let failNext = true;
    const api = installFakeApi({
      parts,
      intercept: ({ method, path }) => {
        if (method === 'POST' && path === '/spareparts/quotes' && failNext) {
          failNext = false;
          return jsonResponse({ message: 'unknown' }, 503);
        }
        return undefined;
      },
    });
    fillCart(api);
    const show = vi.spyOn(toaster, 'show');
    const { router } = renderWithRouter(<CartButton />);
    const { user, dialog } = await openCart();
    await user.type(within(dialog).getByRole('textbox', { name: /^Comment/ }), 'Gate B');

    // First attempt: the server fails; the error is shown, the cart stays.
    await user.click(within(dialog).getByRole('button', { name: 'Request a quote' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        type: 'error',
        title: 'Error',
        description: 'The service is unavailable. Please try again in a moment.',
      }),
    );
    expect(api.quotes).toHaveLength(0);

    // The retry, double-clicked: the same key, one quote, the cart emptied.
    await user.dblClick(within(dialog).getByRole('button', { name: 'Request a quote' }));
    expect(await within(dialog).findByText('Quote request QR-000001 sent.')).toBeInTheDocument();
    const keys = posts(api).map((call) => call.headers['Idempotency-Key']);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(posts(api)[1]?.body).toEqual({ comment: 'Gate B' });
    expect(api.quotes).toHaveLength(1);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', description: 'Quote request QR-000001 sent.' }),
    );
    // The cart was emptied by the server (the page behind the dialog is inert, hence `hidden`).
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Open the cart (items: 0)', hidden: true }),
      ).toBeInTheDocument(),
    );

    await user.click(within(dialog).getByRole('button', { name: 'See my quotes' }));
    expect(router.state.location.search).toBe(`?tab=quotes&quote=${api.quotes[0]?.id}`);
  });

  it('uses a new key for a new submission (the comment changed after a failure)', async () => {
    let failures = 1;
    const api = installFakeApi({
      parts,
      intercept: ({ method, path }) =>
        method === 'POST' && path === '/spareparts/quotes' && failures-- > 0
          ? jsonResponse({ message: 'unknown' }, 503)
          : undefined,
    });
    fillCart(api);
    const show = vi.spyOn(toaster, 'show');
    renderWithRouter(<CartButton />);
    const { user, dialog } = await openCart();
    const comment = within(dialog).getByRole('textbox', { name: /^Comment/ });
    await user.type(comment, 'Gate A');
    await user.click(within(dialog).getByRole('button', { name: 'Request a quote' }));
    // The failure is shown (the submission has ended) before the comment is edited.
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ type: 'error' })),
    );
    expect(posts(api)).toHaveLength(1);
    // Found again: the failure may have re-rendered the form, and keys typed at a detached field
    // land on whatever has the focus (the dialog's close button, which a space presses).
    const commentAgain = within(dialog).getByRole('textbox', { name: /^Comment/ });
    await user.clear(commentAgain);
    await user.type(commentAgain, 'Gate B');
    expect(commentAgain).toHaveValue('Gate B');
    await user.click(within(dialog).getByRole('button', { name: 'Request a quote' }));
    await within(dialog).findByText('Quote request QR-000001 sent.');
    const [first, second] = posts(api).map((call) => call.headers['Idempotency-Key']);
    expect(second).not.toBe(first);
    expect(api.quotes[0]?.comment).toBe('Gate B');
  });

  it('says when the cart is empty, and offers no quote request', async () => {
    installFakeApi({ parts });
    renderWithRouter(<CartButton />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open the cart (items: 0)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(
      within(dialog).getByText('Your cart is empty. Add parts from the catalogue.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Request a quote' })).toBeNull();
  });
});
