import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  availableActions,
  priceFigures,
  quoteWorkflow,
  type Quote,
  type QuoteAction,
  type QuoteStatus,
  type WorkItemDetail,
  type WorkflowTransition,
} from '@portal/contract';
import { actAs } from '@/lib/testing/role';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { ItemActions } from '@/features/backoffice/components/item-actions';
import { QuoteOffer } from '@/features/spareparts/components/quote-offer';
import backofficeEn from '../../../../packages/locales/backoffice/en.json';
import sparePartsEn from '../../../../packages/locales/spareparts/en.json';

/**
 * Both sides read one lifecycle table: a transition the table gains shows as a control on the
 * customer's screen and on the staff's (whose actions the server computes with the same
 * availableActions), with no screen changed.
 */
const transitions = quoteWorkflow.transitions as WorkflowTransition<QuoteStatus, QuoteAction>[];

function withTransition(step: WorkflowTransition<QuoteStatus, QuoteAction>, check: () => void) {
  transitions.push(step);
  try {
    check();
  } finally {
    transitions.splice(transitions.indexOf(step), 1);
  }
}

const offered: Quote = {
  id: '90000000-0000-4000-8000-000000000042',
  number: 'QR-000042',
  status: 'offered',
  createdAt: '2026-11-20T08:00:00.000Z',
  comment: null,
  lines: [],
  figures: priceFigures([{ quantity: 3, unitPriceCents: 320 }], 0, 2000),
  currency: 'EUR',
  offer: { validUntil: '2026-12-20', note: null },
  poNumber: null,
  statusReason: null,
  turn: 'customer',
  handledBy: null,
  unread: false,
  timeline: [],
};

function renderScreen(element: React.ReactNode) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The staff's item as the server sends it: its actions from the lifecycle table. */
const staffItem = (status: QuoteStatus) =>
  ({
    kind: 'quote',
    status,
    refill: null,
    collection: null,
    actions: availableActions(quoteWorkflow, status, 'staff'),
  }) as unknown as WorkItemDetail;

describe('one lifecycle table for both sides', () => {
  beforeAll(async () => {
    const i18n = await initTestI18n('en');
    i18n.addResourceBundle('en', 'spareparts', sparePartsEn);
    i18n.addResourceBundle('en', 'backoffice', backofficeEn);
  });
  afterEach(cleanup);

  it("shows a customer's transition the table gains on the customer's screen", () => {
    actAs('buyer');
    const withdraw = { name: 'Withdraw the quote request' };
    renderScreen(<QuoteOffer quote={offered} />);
    expect(screen.queryByRole('button', withdraw)).toBeNull();
    cleanup();
    withTransition(
      { action: 'withdraw', by: 'customer', from: ['offered'], to: 'withdrawn' },
      () => {
        renderScreen(<QuoteOffer quote={offered} />);
        expect(screen.getByRole('button', withdraw)).toBeEnabled();
      },
    );
  });

  it("shows a staff transition the table gains on the staff's screen", () => {
    const review = { name: 'Start the review' };
    const noop = () => undefined;
    renderScreen(<ItemActions item={staffItem('offered')} isPending={false} onTransition={noop} />);
    expect(screen.queryByRole('button', review)).toBeNull();
    cleanup();
    withTransition({ action: 'review', by: 'staff', from: ['offered'], to: 'in_review' }, () => {
      renderScreen(
        <ItemActions item={staffItem('offered')} isPending={false} onTransition={noop} />,
      );
      expect(screen.getByRole('button', review)).toBeEnabled();
    });
  });
});
