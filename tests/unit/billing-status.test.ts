import { describe, expect, it } from 'vitest';
import { billingStatus } from '../../src/domain/billing';

describe("an order's place in the billing history", () => {
  const card = { paymentStatus: 'completed', paymentMethod: 'card', totalAmount: '15.99', receivedAmount: null, refundedAmount: '0.00' };

  it('is paid, partly refunded or refunded for an order that was paid', () => {
    expect(billingStatus(card)).toBe('paid');
    expect(billingStatus({ ...card, refundedAmount: '5.00' })).toBe('partly_refunded');
    expect(billingStatus({ ...card, paymentStatus: 'refunded', refundedAmount: '15.99' })).toBe('refunded');
    expect(billingStatus({ ...card, paymentMethod: 'crypto' })).toBe('paid');
  });

  it('is part-paid for a crypto order accepted with less than its total, until a refund', () => {
    const honoured = { ...card, paymentMethod: 'crypto', receivedAmount: '7.99' };
    expect(billingStatus(honoured)).toBe('part_paid');
    expect(billingStatus({ ...honoured, refundedAmount: '2.00' })).toBe('partly_refunded');
    expect(billingStatus({ ...honoured, paymentStatus: 'refunded', refundedAmount: '7.99' })).toBe('refunded');
  });

  it('is failed for a card the bank declined', () => {
    expect(billingStatus({ ...card, paymentStatus: 'failed' })).toBe('failed');
  });

  it('is none for what was never a payment: unpaid, an expired crypto invoice, free, or waiting for review', () => {
    expect(billingStatus({ ...card, paymentStatus: 'pending' })).toBeNull();
    expect(billingStatus({ ...card, paymentMethod: 'crypto', paymentStatus: 'failed' })).toBeNull();
    expect(billingStatus({ ...card, paymentMethod: 'free' })).toBeNull();
    expect(billingStatus({ ...card, paymentStatus: 'needs_review' })).toBeNull();
  });
});
