import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initRefillI18n, jsonResponse, makeDrum, renderWithRouter } from '../testing/render';
import { earliestDeliveryDate, toIsoDate } from '../lib/delivery-date';
import { RefillRequestForm } from './refill-request-form';

const drum = makeDrum({ serial: 'TR-00042' });
const other = makeDrum({ serial: 'TR-00043' });

const created = {
  id: '88888888-8888-4888-8888-888888888888',
  number: 'RR-000042',
  status: 'submitted',
  createdAt: '2026-11-20T08:00:00.000Z',
  site: { id: drum.site.id, name: drum.site.name },
  items: [{ drumId: drum.id, serial: drum.serial, quantity: 2 }],
  deliveryDate: '2026-11-30',
  windowStart: '08:00',
  windowEnd: '12:00',
  contactPhone: '+33612345678',
  poNumber: null,
  comment: null,
  attachments: [],
};

/** MM/dd/yyyy, the `P` format of en-US the date field reads. */
function typed(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

function renderForm(onSent = vi.fn()) {
  renderWithRouter(
    <RefillRequestForm
      drums={[drum, other]}
      initialDrumIds={[drum.id]}
      onSent={onSent}
      onCancel={vi.fn()}
    />,
  );
  return { onSent };
}

async function fillDelivery(user: UserEvent) {
  const date = screen.getByRole('textbox', { name: /^Delivery date/ });
  await user.type(date, `${typed(earliestDeliveryDate())}{Enter}`);
  await user.type(screen.getByRole('textbox', { name: /^Contact phone/ }), '612345678');
}

const posts = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('refill request stepper', () => {
  beforeAll(() => initRefillI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('checks each step before moving on', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderForm();
    const user = userEvent.setup();
    const quantity = screen.getByRole('spinbutton', { name: 'Drums to deliver for TR-00042' });
    await user.clear(quantity);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('group', { name: 'Delivery' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Date and phone are missing; the default window 08:00–12:00 is fine.
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);

    await user.clear(screen.getByRole('textbox', { name: 'End time' }));
    await user.type(screen.getByRole('textbox', { name: 'End time' }), '07:00');
    expect(
      await screen.findByText('The end time must be after the start time'),
    ).toBeInTheDocument();
  });

  it('refuses drums of two sites in one request, and warns on a drum already ordered', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const paris = makeDrum({
      serial: 'TR-00077',
      site: { id: '99999999-1111-4111-8111-111111111111', name: 'Paris', city: 'Paris' },
    });
    const ordered = makeDrum({ serial: 'TR-00078', status: 'ordered' });
    renderWithRouter(
      <RefillRequestForm
        drums={[drum, paris, ordered]}
        initialDrumIds={[drum.id, paris.id, ordered.id]}
        onSent={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        'A refill of drum TR-00078 has already been requested and is still open: this would order it again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/already been requested.*TR-00042|TR-00042 has already/)).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        /^These drums are on different sites: one request delivers one site\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Delivery' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove drum TR-00077' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('group', { name: 'Delivery' })).toBeInTheDocument();
  });

  it('sends one request for a double click, and keeps the key for a retry', async () => {
    let answer: () => Response = () => jsonResponse({ message: 'unknown' }, 503);
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
    const { onSent } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillDelivery(user);
    await user.type(screen.getByRole('textbox', { name: 'Purchase order number' }), 'PO-7');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Review and send' })).toBeInTheDocument();

    // First try: the server fails; nothing is created, the form stays.
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    await screen.findByRole('button', { name: 'Send the request' });
    expect(onSent).not.toHaveBeenCalled();

    // Second try with the same form, double-clicked: one more call, with the same key.
    answer = () => jsonResponse(created, 201);
    await user.dblClick(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    const [first, second] = posts(fetchMock);
    expect(posts(fetchMock)).toHaveLength(2);
    const keyOf = (call: unknown[] | undefined) =>
      ((call?.[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];
    expect(keyOf(first)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(second)).toBe(keyOf(first));
    expect(JSON.parse(String((second?.[1] as RequestInit).body))).toEqual({
      items: [{ drumId: drum.id, quantity: 1 }],
      siteId: drum.site.id,
      deliveryDate: toIsoDate(earliestDeliveryDate()),
      windowStart: '08:00',
      windowEnd: '12:00',
      contactPhone: '+33612345678',
      poNumber: 'PO-7',
    });
  });
});
