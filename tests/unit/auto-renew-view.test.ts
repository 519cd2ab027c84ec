import { describe, expect, it } from 'vitest';
import { autoRenewStatusText, brandName, nextChargeText, offersAutoRenew, savedCardText } from '../../src/client/features/account/auto-renew-view';
import { autoRenewText } from '../../src/client/features/checkout/auto-renew-text';
import { addMessages } from '../../src/client/lib/i18n';
import arCheckout from '../../src/messages/ar/checkout.json';
import enCheckout from '../../src/messages/en/checkout.json';
import ptCheckout from '../../src/messages/pt-BR/checkout.json';
import { RENEWAL_CHARGE_DAYS_BEFORE, renewalChargeAt, renewalChargeCents } from '../../src/domain/renewal';
import { renewsAs } from '../../src/domain/catalog';
import { money } from '../../src/domain/currencies';

const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };

describe('automatic renewal as the account page and checkout say it', () => {
  it('names the saved card as people read it', () => {
    expect(savedCardText(card)).toBe('Visa ending 4242, expires 12/2030');
    expect(savedCardText({ brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031 })).toBe('Mastercard ending 4444, expires 03/2031');
    expect(brandName('amex')).toBe('American Express');
    expect(brandName('newbrand')).toBe('Newbrand');
  });

  it('gives the next charge with its amount and day, and none without one', () => {
    expect(nextChargeText({ nextChargeAt: '2027-01-03T12:00:00.000Z', nextChargeAmount: '15.00', currency: 'USD' }, 'UTC')).toBe('Next charge: $15.00 on January 3, 2027');
    // The day on the customer's calendar: noon UTC is already the next day in Tokyo.
    expect(nextChargeText({ nextChargeAt: '2027-01-03T20:00:00.000Z', nextChargeAmount: '15.00', currency: 'USD' }, 'Asia/Tokyo')).toBe('Next charge: $15.00 on January 4, 2027');
    // The renewal's currency, not dollars: the subscription was last paid in euros (decision 0114).
    expect(nextChargeText({ nextChargeAt: '2027-01-03T12:00:00.000Z', nextChargeAmount: '14.99', currency: 'EUR' }, 'UTC')).toBe('Next charge: €14.99 on January 3, 2027');
    expect(nextChargeText({ nextChargeAt: null, nextChargeAmount: null, currency: 'USD' }, 'UTC')).toBeNull();
  });

  it('says what happens at the expiry: charged, off, or no card', () => {
    const scheduled = { state: 'scheduled' as const, nextAttemptAt: null, lastDeclineMessage: null };
    const on = { autoRenew: true, savedCard: card, nextChargeAt: '2027-01-03T12:00:00.000Z', nextChargeAmount: '21.98', currency: 'USD' as const, renewal: scheduled };
    expect(autoRenewStatusText(on, 'UTC')).toBe('Next charge: $21.98 on January 3, 2027');
    expect(autoRenewStatusText({ ...on, autoRenew: false, nextChargeAt: null, nextChargeAmount: null }, 'UTC')).toBe(
      'Off: your card will not be charged. Renew by hand before the expiry, or turn it on.',
    );
    expect(autoRenewStatusText({ autoRenew: false, savedCard: null, nextChargeAt: null, nextChargeAmount: null, currency: 'USD', renewal: { ...scheduled, state: 'off' } }, 'UTC')).toBe(
      'No card saved. Add a card to renew automatically.',
    );
  });

  it('never says a declined renewal will be charged', () => {
    const declined = { autoRenew: true, savedCard: card, nextChargeAt: null, nextChargeAmount: null, currency: 'USD' as const };
    const retrying = { state: 'retrying' as const, nextAttemptAt: '2027-01-04T12:00:00.000Z', lastDeclineMessage: 'Your card was declined.' };
    expect(autoRenewStatusText({ ...declined, renewal: retrying }, 'UTC')).toBe('On: the renewal payment was declined and will be tried again.');
    expect(autoRenewStatusText({ ...declined, renewal: { ...retrying, state: 'failed', nextAttemptAt: null } }, 'UTC')).toBe('On: the renewal payment failed. Update your card and renew by hand.');
    expect(autoRenewStatusText({ ...declined, renewal: { ...retrying, state: 'needs_authentication', nextAttemptAt: null } }, 'UTC')).toBe('On: your bank asks you to confirm the renewal payment.');
  });

  it('offers automatic renewal on paid subscriptions only, not the trial nor a cancelled one', () => {
    expect(offersAutoRenew({ status: 'active', package: { id: 'p1', name: '1 Month Premium', duration: '1 Month' } })).toBe(true);
    expect(offersAutoRenew({ status: 'expired', package: { id: 'p1', name: '1 Month Premium', duration: '1 Month' } })).toBe(true);
    expect(offersAutoRenew({ status: 'active', package: { id: 'trial-36h', name: 'Free Trial', duration: '36 Hours' } })).toBe(false);
    expect(offersAutoRenew({ status: 'cancelled', package: { id: 'p1', name: '1 Month Premium', duration: '1 Month' } })).toBe(false);
  });

  it("states the checkout box's price, period and that it can be turned off", () => {
    expect(autoRenewText(money(1500, 'USD'), '1 Month')).toBe('Renew automatically: $15.00 every 1 month with this card. Turn it off any time in your account.');
    expect(autoRenewText(money(11999, 'USD'), '12 Months')).toBe('Renew automatically: $119.99 every 12 months with this card. Turn it off any time in your account.');
    expect(autoRenewText(money(6999, 'USD'), '6 Months', true)).toBe(
      'Renew automatically: $69.99 every 6 months for the subscription alone (the box is yours to keep) with this card. Turn it off any time in your account.',
    );
  });

  it("states it in the page's language: a EUR price, the package's duration as the store names it", () => {
    try {
      addMessages('pt-BR', ['checkout'], ptCheckout);
      expect(autoRenewText(money(1499, 'EUR'), '1 Month')).toBe(
        'Renovar automaticamente: €\u00a014,99 a cada período de 1 Month com este cartão. Desative quando quiser na sua conta.',
      );
      addMessages('ar', ['checkout'], arCheckout);
      expect(autoRenewText(money(6999, 'USD'), '6 Months', true)).toBe(
        'التجديد التلقائي: \u2066\u200f69.99\u00a0US$\u2069 لكل فترة \u20686 Months\u2069 للاشتراك وحده (الجهاز ملكك) بهذه البطاقة. يمكنك إيقافه في أي وقت من حسابك.',
      );
    } finally {
      addMessages('en', ['checkout'], enCheckout);
    }
  });

  it("renews a box's subscription as the package of its period without the box, and nothing for the trial", () => {
    const sixMonths = { id: 'six', duration: '6 Months', price: '69.99', requiresShipping: false };
    const box = { id: 'streaming-box', duration: '6 Months', price: '149.99', requiresShipping: true };
    const onSale = [{ id: 'one', duration: '1 Month', price: '15.99', requiresShipping: false }, sixMonths, box];
    expect(renewsAs(box, onSale)).toBe(sixMonths);
    expect(renewsAs(sixMonths, onSale)).toBe(sixMonths);
    expect(renewsAs(box, [box])).toBeNull();
    expect(renewsAs({ id: 'trial-36h', duration: '36 hours', price: '0.00', requiresShipping: false }, onSale)).toBeNull();
  });

  it('charges 3 days before the expiry, at the package price with the device fee', () => {
    expect(RENEWAL_CHARGE_DAYS_BEFORE).toBe(3);
    expect(renewalChargeAt(new Date('2027-01-06T12:00:00.000Z')).toISOString()).toBe('2027-01-03T12:00:00.000Z');
    expect(renewalChargeCents(1599, 1)).toBe(1599);
    expect(renewalChargeCents(1599, 2)).toBe(2198);
  });
});
