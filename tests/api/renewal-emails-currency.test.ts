import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, renewalCharges } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { renewalSchedule } from '../support/renewal-charges';
import { DAY, HOUR, mailsTo, subscriber } from '../support/renewal-schedule';
import { buyWithAutoRenew } from '../support/saved-cards';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * A subscription's renewal emails quote the renewal in the currency of its last paid order, at
 * that currency's price list (decisions 0104, 0110), in its language (decision 0107).
 */

const START = '2026-03-02T09:00:00.000Z';
const EXPIRY = Date.parse('2026-04-02T09:00:00.000Z');
/** The saved card is charged 3 days before expiry; its notice comes 7 days before that. */
const CHARGE = EXPIRY - 3 * DAY;
const CARD_INSUFFICIENT_FUNDS = '4000000000009995';
const CARD_NEEDS_AUTHENTICATION = '4000002760003184';

async function passAt(t: TestApp, clock: ReturnType<typeof settableClock>, at: number) {
  clock.set(new Date(at));
  await t.services.renewalSchedule.runPass();
}

const mailOf = async (t: TestApp, to: string, keyPrefix: string) => (await mailsTo(t, to)).filter((mail) => mail.dedupeKey.startsWith(keyPrefix));

describe('renewal emails in the currency last paid in', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });
  beforeEach(() => clock.set(START));

  it('quotes the 7-day reminder of a subscription bought in EUR in euros, in French', async () => {
    const bought = await subscriber(t, { currency: 'EUR', totalAmount: '14.99' });
    await t.database.db.update(orders).set({ locale: 'fr' }).where(eq(orders.id, bought.subscription.orderId));
    await passAt(t, clock, bought.subscription.expirationDate.getTime() - 7 * DAY + HOUR);

    const [reminder] = await mailOf(t, bought.customer.email, 'renewal-7d:');
    expect(reminder?.subject).toBe('Votre abonnement StreamPlus expire dans 7 jours');
    expect(reminder?.text).toContain('Le renouvellement coûte 14,99\u00a0€ aujourd’hui.');
    expect(reminder?.html).toContain('14,99\u00a0€');
    expect(reminder?.text).not.toContain('$');
  });

  it('quotes the grace and suspension notices of a subscription bought in EUR in euros, in French', async () => {
    const bought = await subscriber(t, { currency: 'EUR', totalAmount: '14.99' });
    await t.database.db.update(orders).set({ locale: 'fr' }).where(eq(orders.id, bought.subscription.orderId));
    const expiry = bought.subscription.expirationDate.getTime();
    // Expired, its grace notice a day later, suspended once the 3 days of grace ended.
    for (const at of [expiry + 2 * HOUR, expiry + DAY + 2 * HOUR, expiry + 3 * DAY + 2 * HOUR]) await passAt(t, clock, at);

    const [grace] = await mailOf(t, bought.customer.email, 'renewal-grace:');
    expect(grace?.text).toContain('Le renouvellement coûte 14,99\u00a0€ aujourd’hui, avec les mêmes identifiants.');
    const [suspended] = await mailOf(t, bought.customer.email, 'grace-suspended:');
    expect(suspended?.subject).toBe('Votre abonnement StreamPlus est suspendu');
    expect(suspended?.text).toContain('Le renouvellement coûte 14,99\u00a0€ aujourd’hui.');
    expect(suspended?.text).not.toContain('$');
  });

  it('quotes a subscription bought in BRL with 2 devices at the BRL list and its device fee, in Brazilian Portuguese', async () => {
    const bought = await subscriber(t, { currency: 'BRL', devices: 2, totalAmount: '109.98' });
    await t.database.db.update(orders).set({ locale: 'pt-BR' }).where(eq(orders.id, bought.subscription.orderId));
    await passAt(t, clock, bought.subscription.expirationDate.getTime() - 7 * DAY + HOUR);

    const [reminder] = await mailOf(t, bought.customer.email, 'renewal-7d:');
    // 79.99 + 29.99 for the second device (decision 0104).
    expect(reminder?.text).toContain('R$\u00a0109,98');
    expect(reminder?.text).not.toContain('$15.99');
  });

  it('announces the charge of an auto-renewing subscription bought in EUR in euros, and says its decline in euros', async () => {
    const bought = await buyWithAutoRenew(t, { card: CARD_INSUFFICIENT_FUNDS, fields: { currency: 'EUR', locale: 'fr' } });
    // The purchase's receipt says what each renewal will charge: the EUR list's price.
    const [receipt] = await mailOf(t, bought.email, 'order-confirmation:');
    expect(receipt?.text).toContain('Renouvellement automatique: activé, 14,99\u00a0€ 3 jours avant chaque échéance');
    expect(receipt?.text).toContain('Carte cadeau: Amazon, 10,00\u00a0$US de cashback');
    await passAt(t, clock, CHARGE - 7 * DAY + HOUR);
    const [notice] = await mailOf(t, bought.email, 'renewal-notice:');
    expect(notice?.subject).toBe('Votre abonnement se renouvelle le 30 mars 2026 : 14,99\u00a0€ sur la carte se terminant par 9995');
    expect(notice?.text).toContain('nous débiterons 14,99\u00a0€ sur votre carte se terminant par 9995');

    clock.set(new Date(CHARGE));
    expect(await renewalSchedule(t)).toEqual(['declined']);
    const [declined] = await mailOf(t, bought.email, 'renewal-declined:');
    expect(declined?.subject).toBe('Le paiement de votre renouvellement a échoué');
    expect(declined?.text).toContain('Nous n’avons pas pu débiter 14,99\u00a0€ sur votre Visa se terminant par 9995 pour le renouvellement de 1 Month Premium');
    expect(declined?.text).not.toContain('$');
  });

  it('gives the 3-D Secure confirmation page of a charge in euros its currency', async () => {
    const bought = await buyWithAutoRenew(t, { card: CARD_NEEDS_AUTHENTICATION, fields: { currency: 'EUR' } });
    clock.set(new Date(CHARGE));
    expect(await renewalSchedule(t)).toEqual(['requires_action']);
    const [charge] = await t.database.db.select().from(renewalCharges).where(eq(renewalCharges.subscriptionId, bought.subscriptionId));
    const page = await t.app.inject({ method: 'GET', url: `/api/renewals/${charge!.id}`, cookies: bought.cookies! });
    expect(page.json()).toMatchObject({ state: 'awaiting_confirmation', amount: '14.99', currency: 'EUR' });
  });

  it('writes the same subscription in USD exactly as before: dollars, in English', async () => {
    const manual = await subscriber(t, { totalAmount: '15.99' });
    await passAt(t, clock, manual.subscription.expirationDate.getTime() - 7 * DAY + HOUR);
    const [reminder] = await mailOf(t, manual.customer.email, 'renewal-7d:');
    expect(reminder?.subject).toBe('Your StreamPlus subscription expires in 7 days');
    expect(reminder?.text).toContain('Renewing costs $15.99 today. A renewal is charged at the price of the day you pay.');

    clock.set(START);
    const bought = await buyWithAutoRenew(t, { card: CARD_INSUFFICIENT_FUNDS });
    await passAt(t, clock, CHARGE - 7 * DAY + HOUR);
    const [notice] = await mailOf(t, bought.email, 'renewal-notice:');
    expect(notice?.subject).toBe('Your subscription renews on March 30, 2026: $15.99 to the card ending 9995');
    clock.set(new Date(CHARGE));
    expect(await renewalSchedule(t)).toEqual(['declined']);
    const [declined] = await mailOf(t, bought.email, 'renewal-declined:');
    expect(declined?.text).toContain('We could not charge $15.99 to your Visa ending 9995 for your 1 Month Premium renewal: Your card has insufficient funds.');
  });
});
