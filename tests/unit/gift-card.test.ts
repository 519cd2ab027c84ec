import { describe, expect, it } from 'vitest';
import { giftCardState } from '../../src/client/features/admin/orders/gift-card-view';
import { earnsGiftCard, giftCardOwed, type GiftCardFacts } from '../../src/domain/gift-card';
import { ORDER_STATUSES } from '../../src/domain/order-status';

const paid: GiftCardFacts = { paymentStatus: 'completed', giftCard: 'Amazon', cashback: 1000, total: 2197, delivered: false };

describe('whether an order is owed its gift card', () => {
  it('is owed when the order is paid, cost something, carries cashback with a chosen card, and the card is not sent yet', () => {
    expect(giftCardOwed(paid)).toBe(true);
    expect(earnsGiftCard(paid)).toBe(true);
  });

  it.each(ORDER_STATUSES.filter((status) => status !== 'completed'))('is owed nothing while the order is %s, though it names a card', (paymentStatus) => {
    expect(giftCardOwed({ ...paid, paymentStatus })).toBe(false);
    expect(earnsGiftCard({ ...paid, paymentStatus })).toBe(false);
  });

  it('is owed nothing once delivered, though the card stays earned', () => {
    const sent = { ...paid, delivered: true };
    expect(giftCardOwed(sent)).toBe(false);
    expect(earnsGiftCard(sent)).toBe(true);
  });

  it('is owed nothing without a chosen card, without cashback, or for an order that cost nothing', () => {
    expect(giftCardOwed({ ...paid, giftCard: null })).toBe(false);
    expect(giftCardOwed({ ...paid, cashback: 0 })).toBe(false);
    expect(giftCardOwed({ ...paid, total: 0 })).toBe(false);
  });
});

describe("the words after an order's gift card on the admin pages", () => {
  const order = { paymentStatus: 'completed', giftCard: 'Amazon', cashbackAmount: '2.00', totalAmount: '15.99', giftCardDelivered: false };

  it("says 'owed' only for a paid order still owed its card, and 'delivered' once sent", () => {
    expect(giftCardState(order)).toBe('owed');
    expect(giftCardState({ ...order, giftCardDelivered: true })).toBe('delivered');
  });

  it('says why a refunded, failed, unpaid or held order is owed nothing', () => {
    expect(giftCardState({ ...order, paymentStatus: 'refunded' })).toBe('not owed: refunded');
    expect(giftCardState({ ...order, paymentStatus: 'failed' })).toBe('not owed: payment failed');
    expect(giftCardState({ ...order, paymentStatus: 'pending' })).toBe('not owed until paid');
    expect(giftCardState({ ...order, paymentStatus: 'needs_review' })).toBe('not owed while under review');
  });

  it('keeps saying delivered for a card sent before the order was refunded', () => {
    expect(giftCardState({ ...order, paymentStatus: 'refunded', giftCardDelivered: true })).toBe('delivered');
  });

  it('marks an old free order that kept its cashback, and adds nothing for a paid order without cashback', () => {
    expect(giftCardState({ ...order, totalAmount: '0.00' })).toBe('not owed: free order');
    expect(giftCardState({ ...order, cashbackAmount: '0.00' })).toBeNull();
  });
});
