import { describe, expect, it } from 'vitest';
import {
  availableActions,
  checkTransition,
  quoteWorkflow,
  refillRequestWorkflow,
} from './workflows';

describe('the refill request lifecycle', () => {
  it('goes submitted → confirmed → scheduled → delivered by staff', () => {
    expect(checkTransition(refillRequestWorkflow, 'submitted', 'confirm', 'staff')).toEqual({
      outcome: 'apply',
      to: 'confirmed',
    });
    expect(checkTransition(refillRequestWorkflow, 'confirmed', 'schedule', 'staff').outcome).toBe(
      'apply',
    );
    expect(checkTransition(refillRequestWorkflow, 'scheduled', 'deliver', 'staff').outcome).toBe(
      'apply',
    );
    expect(checkTransition(refillRequestWorkflow, 'submitted', 'deliver', 'staff').outcome).toBe(
      'refused',
    );
  });

  it('lets the customer cancel only while submitted, staff until delivered', () => {
    expect(checkTransition(refillRequestWorkflow, 'submitted', 'cancel', 'customer').outcome).toBe(
      'apply',
    );
    expect(checkTransition(refillRequestWorkflow, 'confirmed', 'cancel', 'customer').outcome).toBe(
      'refused',
    );
    expect(checkTransition(refillRequestWorkflow, 'scheduled', 'cancel', 'staff').outcome).toBe(
      'apply',
    );
    expect(checkTransition(refillRequestWorkflow, 'delivered', 'cancel', 'staff').outcome).toBe(
      'refused',
    );
  });

  it('answers a replay without a change', () => {
    expect(checkTransition(refillRequestWorkflow, 'confirmed', 'confirm', 'staff')).toEqual({
      outcome: 'replay',
      to: 'confirmed',
    });
  });
});

describe('the quote lifecycle', () => {
  it('lets only the customer accept or decline an offer', () => {
    expect(checkTransition(quoteWorkflow, 'offered', 'accept', 'customer').outcome).toBe('apply');
    expect(checkTransition(quoteWorkflow, 'offered', 'accept', 'staff').outcome).toBe('refused');
    expect(checkTransition(quoteWorkflow, 'in_review', 'accept', 'customer').outcome).toBe(
      'refused',
    );
  });

  it('re-quotes from expired or declined, to the side that asks', () => {
    expect(checkTransition(quoteWorkflow, 'expired', 'requote', 'customer')).toEqual({
      outcome: 'apply',
      to: 'requested',
    });
    expect(checkTransition(quoteWorkflow, 'declined', 'requote', 'staff')).toEqual({
      outcome: 'apply',
      to: 'in_review',
    });
    expect(checkTransition(quoteWorkflow, 'accepted', 'requote', 'customer').outcome).toBe(
      'refused',
    );
  });

  it('says whose turn each state leaves it to, and which actions each side has', () => {
    expect(quoteWorkflow.turn.offered).toBe('customer');
    expect(quoteWorkflow.turn.in_review).toBe('provider');
    expect(quoteWorkflow.turn.accepted).toBeNull();
    expect(availableActions(quoteWorkflow, 'offered', 'customer')).toEqual(['accept', 'decline']);
    expect(availableActions(quoteWorkflow, 'requested', 'staff')).toEqual(['review', 'offer']);
  });
});
