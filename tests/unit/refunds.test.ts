import { describe, expect, it } from 'vitest';
import { receivedCents, refundableCents } from '../../src/domain/refunds';

describe('what an order can still give back', () => {
  const order = { totalAmount: '15.99', receivedAmount: null, refundedAmount: '0.00' };

  it('is the total less the refunds of a paid order', () => {
    expect(refundableCents(order)).toBe(1599);
    expect(refundableCents({ ...order, refundedAmount: '5.00' })).toBe(1099);
    expect(refundableCents({ ...order, refundedAmount: '15.99' })).toBe(0);
  });

  it('is only what arrived for a part-paid order, waiting for review or honoured since', () => {
    expect(refundableCents({ ...order, receivedAmount: '8.00' })).toBe(800);
    expect(refundableCents({ ...order, receivedAmount: '8.00', refundedAmount: '2.00' })).toBe(600);
    // Honoured, the order is accepted as paid, but no more money arrived than before.
    expect(refundableCents({ ...order, receivedAmount: '7.99' })).toBe(799);
    expect(refundableCents({ ...order, receivedAmount: '7.99', refundedAmount: '7.99' })).toBe(0);
  });
});

describe("a crypto payment's worth in dollars", () => {
  it('is its share of the price, exact on the coins and rounded down', () => {
    expect(receivedCents(1599, '7.995', '15.99')).toBe(799);
    expect(receivedCents(1599, '0.00012345', '0.0002469')).toBe(799);
    expect(receivedCents(1000, '1', '3')).toBe(333);
  });

  it('never exceeds the price, and is unknown for what is not a number', () => {
    expect(receivedCents(1599, '20', '15.99')).toBe(1599);
    expect(receivedCents(1599, 'abc', '15.99')).toBeNull();
    expect(receivedCents(1599, '1', '0')).toBeNull();
  });
});
