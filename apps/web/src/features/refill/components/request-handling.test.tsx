import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  collectionStatuses,
  collectionWorkflow,
  refillRequestStatuses,
  refillRequestWorkflow,
  type Collection,
  type RefillRequest,
  type Workflow,
} from '@portal/contract';
import { actAs } from '@/lib/testing/role';
import { initRefillI18n, jsonResponse, renderWithRouter } from '../testing/render';
import { CollectionHandling, RequestHandling } from './request-handling';

const handling = { turn: null, handledBy: null, unread: false, timeline: [], statusReason: null };
const site = { id: '11111111-1111-4111-8111-111111111111', name: 'Lyon' };

const requestIn = (status: RefillRequest['status']): RefillRequest => ({
  id: '44444444-4444-4444-8444-444444444444',
  number: 'RR-000007',
  status,
  createdAt: '2026-11-20T08:00:00.000Z',
  site,
  items: [],
  deliveryDate: '2026-11-26',
  windowStart: '08:00',
  windowEnd: '12:00',
  contactPhone: '+33612345678',
  poNumber: null,
  comment: null,
  attachments: [],
  ...handling,
});

const collectionIn = (status: Collection['status']): Collection => ({
  id: '55555555-5555-4555-8555-555555555555',
  number: 'CO-000003',
  status,
  createdAt: '2026-11-20T08:00:00.000Z',
  drum: { id: '00000000-0000-4000-8000-000000000001', serial: 'TR-00001' },
  site,
  pickupAddress: '1 quai du Rhône, Lyon',
  timeSlots: [],
  loadingMeans: 'forklift',
  comment: null,
  pickupDate: null,
  collectedOn: null,
  ...handling,
});

const customerMayCancel = (workflow: Workflow<string, string>, status: string) =>
  workflow.transitions.some(
    (step) => step.action === 'cancel' && step.by === 'customer' && step.from.includes(status),
  );

describe("a refill request's and a collection's cancel button", () => {
  beforeAll(() => initRefillI18n('en'));
  afterEach(cleanup);

  // Every state of each lifecycle: the button shows exactly when the table lets the customer
  // cancel from it.
  for (const status of refillRequestStatuses) {
    it(`follows the refill request's lifecycle from ${status}`, () => {
      actAs('buyer');
      renderWithRouter(<RequestHandling request={requestIn(status)} />);
      expect(screen.queryByRole('button', { name: 'Cancel this request' }) !== null).toBe(
        customerMayCancel(refillRequestWorkflow, status),
      );
    });
  }

  for (const status of collectionStatuses) {
    it(`follows the collection's lifecycle from ${status}`, () => {
      actAs('buyer');
      renderWithRouter(<CollectionHandling collection={collectionIn(status)} />);
      expect(screen.queryByRole('button', { name: 'Cancel this request' }) !== null).toBe(
        customerMayCancel(collectionWorkflow, status),
      );
    });
  }

  it('is red and cancels nothing until its confirmation is pressed', async () => {
    actAs('buyer');
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(requestIn('cancelled')));
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<RequestHandling request={requestIn('submitted')} />);
    const cancel = screen.getByRole('button', { name: 'Cancel this request' });
    expect(cancel).toHaveAttribute('data-tone', 'destructive');
    await userEvent.click(cancel);
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Yes: Cancel this request' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(`/refill/requests/${requestIn('submitted').id}/transition`);
    expect(JSON.parse(String(init?.body))).toEqual({ action: 'cancel' });
    vi.unstubAllGlobals();
  });

  it('is never offered to a viewer', () => {
    actAs('viewer');
    renderWithRouter(<RequestHandling request={requestIn('submitted')} />);
    expect(screen.queryByRole('button', { name: 'Cancel this request' })).toBeNull();
  });
});
