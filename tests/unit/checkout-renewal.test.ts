// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearCheckoutDraft, draftOwner, formValuesOf, readDraft, readPlacedOrder, saveDraft, savePlacedOrder } from '../../src/client/features/checkout/checkout-draft';
import { extendedExpiry, renewalPaidText, renewingText, savedCardLabel } from '../../src/client/features/checkout/renewal-view';
import { addMessages } from '../../src/client/lib/i18n';
import arCheckout from '../../src/messages/ar/checkout.json';
import enCheckout from '../../src/messages/en/checkout.json';
import ptCheckout from '../../src/messages/pt-BR/checkout.json';

const renewed = { package: { id: 'p1', name: '1 Month Premium', duration: '1 Month' }, expirationDate: '2027-02-05T12:00:00.000Z' };

describe("a renewal's checkout words", () => {
  it('says which package it renews and when it ends, or ended, dated as the account dates it', () => {
    expect(renewingText(renewed, new Date('2027-01-20T00:00:00Z'), 'America/New_York')).toBe('Renewing 1 Month Premium (ends February 5, 2027)');
    expect(renewingText(renewed, new Date('2027-02-10T00:00:00Z'), 'America/New_York')).toBe('Renewing 1 Month Premium (ended February 5, 2027)');
    // In the customer's zone: noon in London is the next morning in Auckland.
    expect(renewingText(renewed, new Date('2027-01-20T00:00:00Z'), 'Pacific/Auckland')).toBe('Renewing 1 Month Premium (ends February 6, 2027)');
  });

  it('offers the saved card by its last four digits', () => {
    expect(savedCardLabel({ last4: '4242' })).toBe('Pay with card ending 4242');
  });

  it('says the new expiry once the server applied the renewal, never "activates within 24 hours"', () => {
    expect(renewalPaidText('2027-03-05T12:00:00.000Z', 'America/New_York')).toBe('Your subscription is extended to March 5, 2027.');
    expect(renewalPaidText(null, 'America/New_York')).toBe('Your renewal is paid. Your subscription is extended in a few moments.');
    expect(renewalPaidText(null, 'America/New_York')).not.toContain('24 hours');
  });

  it("says them in the page's language, the package's name isolated on an Arabic line (decision 0115)", () => {
    const said = (locale: 'pt-BR' | 'ar', messages: Record<string, string>) => {
      addMessages(locale, ['checkout'], messages);
      return [
        renewingText(renewed, new Date('2027-01-20T00:00:00Z'), 'America/New_York'),
        renewingText(renewed, new Date('2027-02-10T00:00:00Z'), 'America/New_York'),
        savedCardLabel({ last4: '4242' }),
        renewalPaidText(null, 'America/New_York'),
      ];
    };
    try {
      expect(said('pt-BR', ptCheckout)).toEqual([
        'Renovando 1 Month Premium (vence em 5 de fevereiro de 2027)',
        'Renovando 1 Month Premium (venceu em 5 de fevereiro de 2027)',
        'Pagar com o cartão final 4242',
        'Sua renovação foi paga. Sua assinatura será estendida em instantes.',
      ]);
      const arabic = said('ar', arCheckout);
      expect(arabic[0]).toMatch(/^تجديد \u20681 Month Premium\u2069 \(ينتهي في .+\)$/);
      expect(arabic.slice(2)).toEqual(['ادفع بالبطاقة المنتهية بـ 4242', 'تم دفع التجديد. سيتم تمديد اشتراكك خلال لحظات.']);
    } finally {
      addMessages('en', ['checkout'], enCheckout);
    }
  });

  it('takes the subscription\'s expiry as the new one only once it moved past the old', () => {
    expect(extendedExpiry({ expirationDate: renewed.expirationDate }, renewed.expirationDate)).toBeNull();
    expect(extendedExpiry(undefined, renewed.expirationDate)).toBeNull();
    expect(extendedExpiry({ expirationDate: '2027-03-05T12:00:00.000Z' }, renewed.expirationDate)).toBe('2027-03-05T12:00:00.000Z');
  });
});

describe('what a reload of the checkout keeps', () => {
  afterEach(() => sessionStorage.clear());
  const renewal = draftOwner({ id: 'p1', renewsSubscriptionId: 'sub-1' });

  it('keeps the devices, the boxes and the gift card of the same item only', () => {
    saveDraft(renewal, { deviceCount: '3', selectedGiftCard: 'Amazon', setTopBoxes: [{ mac: '00:1A:79:00:00:01' }] });
    expect(readDraft(renewal)).toEqual({ deviceCount: '3', selectedGiftCard: 'Amazon', setTopBoxes: [{ mac: '00:1A:79:00:00:01' }] });
    expect(readDraft(draftOwner({ id: 'p1' }))).toEqual({});
    sessionStorage.setItem('checkout-draft', '{broken');
    expect(readDraft(renewal)).toEqual({});
  });

  it('keeps the placed order as its request, for its own item, until the order is paid', () => {
    const request = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', packageId: 'p1', deviceCount: '2', selectedGiftCard: 'Target', renewsSubscriptionId: 'sub-1', autoRenew: true, couponCode: null };
    savePlacedOrder(request, renewed.expirationDate);
    expect(readPlacedOrder(renewal)).toEqual({ request, renewalEndsAt: renewed.expirationDate });
    expect(readPlacedOrder(draftOwner({ id: 'p2' }))).toBeNull();
    expect(formValuesOf(request)).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', deviceCount: '2', selectedGiftCard: 'Target', autoRenew: true });
    clearCheckoutDraft();
    expect(readPlacedOrder(renewal)).toBeNull();
  });
});
