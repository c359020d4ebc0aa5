import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  priceFigures,
  quoteActions,
  quoteStatuses,
  quoteWorkflow,
  type Quote,
} from '@portal/contract';
import { actAs } from '@/lib/testing/role';
import { initSparePartsI18n, renderWithRouter } from '../testing/render';
import { QuoteOffer } from './quote-offer';

/** The control that takes each action of the quote's lifecycle, by its name on screen. */
const controlOf: Record<(typeof quoteActions)[number], string | null> = {
  accept: 'Accept the offer',
  decline: 'Decline instead',
  requote: 'Ask for a new quote',
  withdraw: 'Withdraw the quote request',
  // Staff's and the system's: never a customer's control.
  review: null,
  offer: null,
  expire: null,
};

const quoteIn = (status: Quote['status']): Quote => ({
  id: '90000000-0000-4000-8000-000000000042',
  number: 'QR-000042',
  status,
  createdAt: '2026-11-20T08:00:00.000Z',
  comment: null,
  lines: [],
  figures: priceFigures([{ quantity: 3, unitPriceCents: 320 }], 0, 2000),
  currency: 'EUR',
  offer:
    status === 'offered' || status === 'accepted' ? { validUntil: '2026-12-20', note: null } : null,
  poNumber: null,
  statusReason: null,
  turn: quoteWorkflow.turn[status] === 'customer' ? 'customer' : 'provider',
  handledBy: null,
  unread: false,
  timeline: [],
});

describe("a quote's actions on the customer's screen", () => {
  beforeAll(() => initSparePartsI18n('en'));
  afterEach(cleanup);

  // Every state of the lifecycle, every action: a control shows exactly when the lifecycle table
  // lets the customer take that action from that state.
  for (const status of quoteStatuses) {
    it(`offers a buyer what the lifecycle allows from ${status}`, () => {
      actAs('buyer');
      renderWithRouter(<QuoteOffer quote={quoteIn(status)} />);
      for (const action of quoteActions) {
        const allowed = quoteWorkflow.transitions.some(
          (step) => step.action === action && step.by === 'customer' && step.from.includes(status),
        );
        const control = controlOf[action];
        if (allowed) expect(control, `${action} has a control`).not.toBeNull();
        if (!control) continue;
        expect(
          screen.queryByRole('button', { name: control }) !== null,
          `${action} from ${status}`,
        ).toBe(allowed);
      }
    });
  }

  it('offers a viewer none of them', () => {
    actAs('viewer');
    for (const status of quoteStatuses) {
      renderWithRouter(<QuoteOffer quote={quoteIn(status)} />);
      for (const control of Object.values(controlOf)) {
        if (control) expect(screen.queryByRole('button', { name: control })).toBeNull();
      }
      cleanup();
    }
  });
});
