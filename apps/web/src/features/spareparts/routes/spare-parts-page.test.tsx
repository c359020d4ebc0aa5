import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it, vi, beforeEach } from 'vitest';
import { toaster } from '@/lib/toaster';
import {
  categories,
  equipment,
  initSparePartsI18n,
  installFakeApi,
  jsonResponse,
  makeCatalogue,
  renderWithRouter,
} from '../testing/render';
import SparePartsPage from './spare-parts-page';
import { actAs } from '@/lib/testing/role';

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

/** The table renders from deferred values, a little after the answer: wait a little longer. */
const eventually = (assertion: () => void) => waitFor(assertion, { timeout: 5000 });

/** The count is announced, and the table (a lazy chunk, rendered from deferred values) is in. */
async function catalogueShown(count: number) {
  expect(await screen.findByText(`Parts found: ${count}`)).toBeInTheDocument();
  await screen.findByRole('table', { name: 'Spare parts catalogue' });
}

const rowNumbers = () =>
  screen.getAllByRole('button', { name: /^Details of part / }).map((button) => button.textContent);

describe('spare parts page', { timeout: 30_000 }, () => {
  // The rules of a buyer; what a viewer sees is tested below.
  beforeEach(() => actAs('buyer'));

  beforeAll(async () => {
    await initSparePartsI18n('en');
    // The table is a lazy chunk in the app; here it is loaded once, before the first render.
    await import('../components/parts-table');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says when more parts match than the server counts', async () => {
    installFakeApi({ countCap: 50 });
    renderWithRouter(<SparePartsPage />);
    expect(
      await screen.findByText('More than 50 parts found: narrow your search to see them all'),
    ).toHaveAttribute('role', 'status');
    expect(await screen.findByText('1–25 of more than 50')).toBeInTheDocument();
  });

  it('lists the catalogue with the count announced, prices in euros and availability', async () => {
    installFakeApi();
    renderWithRouter(<SparePartsPage />);
    expect(await screen.findByText('Parts found: 60')).toHaveAttribute('role', 'status');
    // The table is its own chunk, loaded beside the first page of parts.
    const table = await screen.findByRole('table', { name: 'Spare parts catalogue' });
    const bearing = within(table).getByRole('button', { name: 'Details of part BRG-6204' });
    const row = bearing.closest('tr') as HTMLElement;
    expect(within(row).getByText('€12.50')).toBeInTheDocument();
    expect(within(row).getByText('In stock')).toBeInTheDocument();
    expect(within(row).getByText('Winder WX-200')).toBeInTheDocument();
    const filterRow = within(table)
      .getByRole('button', { name: 'Details of part FLT-0100' })
      .closest('tr') as HTMLElement;
    expect(within(filterRow).getByText('14 days')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
  });

  it('keeps search, filters, sort and page in the URL: a reload shows the same, back undoes', async () => {
    const api = installFakeApi();
    const path = `/spareparts?search=generic&category=${categories[2]?.id}&sort=-unitPrice&page=2&pageSize=25`;
    const first = renderWithRouter(<SparePartsPage />, path);
    await catalogueShown(56);
    expect(screen.getByRole('searchbox', { name: /^Search/ })).toHaveValue('generic');
    expect(await screen.findByRole('columnheader', { name: /Unit price/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // Page 2, most expensive first: 56 fasteners at 100..155 cents, so the 26th is 130.
    expect(rowNumbers()[0]).toBe('GEN-031');
    expect(api.listQueries().at(-1)?.toString()).toBe(
      `search=generic&category=${categories[2]?.id}&sort=-unitPrice&page=2&pageSize=25&lang=en`,
    );
    first.unmount();

    // "Reload": a new app on the same URL shows the same view.
    const { router } = renderWithRouter(<SparePartsPage />, path);
    await catalogueShown(56);
    expect(rowNumbers()[0]).toBe('GEN-031');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(search(router).get('page')).toBe('3'));
    await eventually(() => expect(rowNumbers()[0]).toBe('GEN-006'));

    await act(() => router.navigate(-1));
    await eventually(() => expect(rowNumbers()[0]).toBe('GEN-031'));
    expect(search(router).get('page')).toBe('2');
    await act(() => router.navigate(1));
    await eventually(() => expect(rowNumbers()[0]).toBe('GEN-006'));
  });

  it('debounces the search by 500 ms, on the server, back to page 1; back restores the text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    const { router } = renderWithRouter(<SparePartsPage />, '/spareparts?page=2');
    await catalogueShown(60);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const box = screen.getByRole('searchbox', { name: /^Search/ });
    await user.type(box, 'brg');
    const listCalls = api.listQueries().length;
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(search(router).get('search')).toBeNull();
    expect(api.listQueries()).toHaveLength(listCalls);

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(search(router).get('search')).toBe('brg');
    expect(search(router).get('page')).toBeNull();
    await catalogueShown(2);
    // One request for the whole word, not one per letter.
    expect(api.listQueries().filter((query) => query.get('search'))).toHaveLength(1);

    await act(() => router.navigate(-1));
    await catalogueShown(60);
    expect(box).toHaveValue('');
  });

  it('filters by category (grouped, searchable) and by one of the account units', async () => {
    installFakeApi();
    const { router } = renderWithRouter(<SparePartsPage />);
    await catalogueShown(60);
    const user = userEvent.setup();

    await user.click(screen.getByRole('combobox', { name: /^Category/ }));
    expect(await screen.findByRole('group', { name: 'Fluids' })).toBeInTheDocument();
    await user.keyboard('filt');
    await user.click(await screen.findByRole('option', { name: 'Filters' }));
    await catalogueShown(1);
    expect(search(router).get('category')).toBe(categories[1]?.id);

    await user.click(screen.getByRole('button', { name: 'Clear the search and filters' }));
    await catalogueShown(60);

    await user.click(screen.getByRole('combobox', { name: /^Equipment/ }));
    await user.click(await screen.findByRole('option', { name: 'SP90-0042 · Spooler SP-90' }));
    await catalogueShown(2);
    expect(search(router).get('equipment')).toBe(equipment[1]?.id);
  });

  it('sorts through the column header: ascending, descending, then the default order', async () => {
    installFakeApi();
    const { router } = renderWithRouter(<SparePartsPage />, '/spareparts?page=2');
    await catalogueShown(60);
    const user = userEvent.setup();
    const header = () => screen.getByRole('columnheader', { name: /Part number/ });

    await user.click(within(header()).getByRole('button'));
    await eventually(() => expect(header()).toHaveAttribute('aria-sort', 'ascending'));
    // A new order starts at page 1, in one history entry.
    expect(router.state.location.search).toBe('?sort=partNumber');
    await eventually(() => expect(rowNumbers()[0]).toBe('BRG-6204'));

    await user.click(within(header()).getByRole('button'));
    await eventually(() => expect(header()).toHaveAttribute('aria-sort', 'descending'));
    expect(search(router).get('sort')).toBe('-partNumber');
    await eventually(() => expect(rowNumbers()[0]).toBe('SEAL-22'));

    await user.click(within(header()).getByRole('button'));
    await eventually(() => expect(header()).not.toHaveAttribute('aria-sort'));
    expect(router.state.location.search).toBe('');
  });

  it('changes the page size and pages through the results', async () => {
    const api = installFakeApi();
    const { router } = renderWithRouter(<SparePartsPage />);
    await catalogueShown(60);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '50' }));
    // 50 rows are virtualised (only those in view are in the page): the range says what it holds.
    expect(await screen.findByText('1–50 of 60', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(search(router).get('pageSize')).toBe('50');
    expect(api.listQueries().at(-1)?.get('pageSize')).toBe('50');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('51–60 of 60', {}, { timeout: 5000 })).toBeInTheDocument();
    await eventually(() => expect(rowNumbers()).toHaveLength(10));
    expect(api.listQueries().at(-1)?.get('page')).toBe('2');
  });

  it('shows a superseded part with its replacement, which opens; it cannot be added', async () => {
    installFakeApi();
    const { router } = renderWithRouter(<SparePartsPage />);
    const replacement = await screen.findByRole('button', {
      name: 'Replaced by BRG-6204: open the replacement',
    });
    const row = replacement.closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: /^Add / })).toBeNull();
    expect(within(row).queryByRole('spinbutton')).toBeNull();
    expect(
      within(row).getByText('This part has been replaced and can no longer be ordered.'),
    ).toBeInTheDocument();

    await userEvent.setup().click(replacement);
    const dialog = await screen.findByRole('dialog', { name: 'Part BRG-6204' });
    expect(within(dialog).getByText('Deep groove ball bearing 6204')).toBeInTheDocument();
    expect(within(dialog).getByText('WX200-0001 (Winder WX-200)')).toBeInTheDocument();
    // It names the part it replaces.
    expect(
      within(dialog).getByRole('button', { name: 'Details of part BRG-6204-OLD' }),
    ).toBeVisible();
    expect(search(router).get('part')).toMatch(/^a0000000-/);
  });

  it('offers a viewer the catalogue without adding to a cart: that needs `order spareparts`', async () => {
    actAs('viewer');
    installFakeApi();
    renderWithRouter(<SparePartsPage />);
    await screen.findByRole('button', { name: 'Details of part SEAL-22' });
    expect(
      screen.queryByRole('button', { name: 'Add SEAL-22 to the cart' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Your cart' })).not.toBeInTheDocument();
  });

  it("offers a viewer a part's details without adding it to a cart", async () => {
    actAs('viewer');
    const parts = makeCatalogue();
    const seal = parts.find((part) => part.partNumber === 'SEAL-22');
    installFakeApi({ parts });
    renderWithRouter(<SparePartsPage />, `/spareparts?part=${seal?.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Part SEAL-22' });
    expect(within(dialog).getByText('Units in stock: 40')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add to the cart' })).toBeNull();
    expect(within(dialog).queryByRole('spinbutton', { name: 'Quantity' })).toBeNull();
  });

  it('adds a quantity of a part to the cart from its row, adding to what the cart holds', async () => {
    const api = installFakeApi();
    const show = vi.spyOn(toaster, 'show');
    renderWithRouter(<SparePartsPage />);
    const user = userEvent.setup();
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of SEAL-22' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Add SEAL-22 to the cart' }));
    await waitFor(() => expect([...api.cart.values()]).toEqual([3]));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'success',
        description: 'SEAL-22 added to the cart (quantity: 3).',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add SEAL-22 to the cart' }));
    await waitFor(() => expect([...api.cart.values()]).toEqual([6]));
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.body)).toEqual([{ quantity: 3 }, { quantity: 6 }]);
  });

  it('shows the API error as a toast when a part cannot be added', async () => {
    installFakeApi({
      intercept: ({ method }) =>
        method === 'PUT' ? jsonResponse({ message: 'spareparts.part_superseded' }, 400) : undefined,
    });
    const show = vi.spyOn(toaster, 'show');
    renderWithRouter(<SparePartsPage />);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Add SEAL-22 to the cart' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        type: 'error',
        title: 'Error',
        description: 'This part has been replaced. Add its replacement to the cart instead.',
      }),
    );
  });

  it('opens a part named in the URL, adds it from the dialog, and closes back to the list', async () => {
    const parts = makeCatalogue();
    const seal = parts.find((part) => part.partNumber === 'SEAL-22');
    const api = installFakeApi({ parts });
    const { router } = renderWithRouter(
      <SparePartsPage />,
      `/spareparts?search=seal&part=${seal?.id}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Part SEAL-22' });
    expect(within(dialog).getByText('Units in stock: 40')).toBeInTheDocument();
    const user = userEvent.setup();
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the cart' }));
    await waitFor(() => expect(api.cart.get(seal?.id ?? '')).toBe(2));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?search=seal');
  });

  it('says when a part in the URL does not exist', async () => {
    installFakeApi();
    renderWithRouter(<SparePartsPage />, '/spareparts?part=00000000-0000-4000-8000-00000000dead');
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('This part does not exist or is no longer in the catalogue.'),
    ).toBeInTheDocument();
  });

  it('tells "no result" (with a way out) from an empty catalogue, and offers a retry on error', async () => {
    installFakeApi();
    const { unmount } = renderWithRouter(<SparePartsPage />, '/spareparts?search=zzz');
    expect(await screen.findByText('No result')).toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Clear the search and filters' }));
    await catalogueShown(60);
    unmount();

    installFakeApi({ parts: [] });
    const empty = renderWithRouter(<SparePartsPage />);
    expect(await screen.findByText('No parts yet')).toBeInTheDocument();
    empty.unmount();

    let failures = 1;
    installFakeApi({
      intercept: ({ path }) =>
        path === '/spareparts' && failures-- > 0
          ? jsonResponse({ message: 'unknown' }, 500)
          : undefined,
    });
    renderWithRouter(<SparePartsPage />);
    const alert = await screen.findByRole('alert');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await catalogueShown(60);
  });

  it('has no axe violations (catalogue and detail dialog)', { timeout: 30_000 }, async () => {
    const parts = makeCatalogue();
    installFakeApi({ parts });
    const { container } = renderWithRouter(<SparePartsPage />);
    await catalogueShown(60);
    await expectNoAxeViolations(container);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Details of part FLT-0100' }));
    await screen.findByText('Out of stock, ships in 14 days');
    await expectNoAxeViolations(document.body);
  });
});

/** axe-core on the rendered screen (jsdom: no layout, so no colour contrast; the e2e run has it). */
async function expectNoAxeViolations(root: Element): Promise<void> {
  const results = await axe.run(
    { include: [root], exclude: [['[data-floating-ui-focus-guard]']] },
    {
      rules: {
        'color-contrast': { enabled: false },
        region: { enabled: false },
        'landmark-one-main': { enabled: false },
        'page-has-heading-one': { enabled: false },
      },
    },
  );
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
    ),
  ).toEqual([]);
}
