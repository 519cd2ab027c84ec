import { beforeEach, describe, expect, it } from 'vitest';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { countStatements, type StatementCounter } from '../support/statement-count';
import { useTestApp } from '../support/test-app';

/** pg-boss's claim of due jobs (FOR UPDATE SKIP LOCKED). */
const isJobFetch = (text: string) => /^\s*WITH next as \(/.test(text);

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

/**
 * The SQL a whole card purchase sends, call by call, with the job workers not running: each
 * statement is a round trip on PostgreSQL and a turn of PGlite's one connection, so a query
 * added to the purchase path (an N+1, a repeated lookup) fails here (docs/decisions/0023).
 */
describe('the statements of one card purchase', () => {
  const t = useTestApp();
  let counter: StatementCounter;

  beforeEach(() => {
    counter ??= countStatements(t.database);
  });

  async function purchase(ip: string) {
    const { oneMonth } = await seededPackages(t.app);
    const headers = { 'x-forwarded-for': ip };
    let placed!: { order: { id: string }; clientSecret: string };
    const checkout = await counter.during(async () => {
      const response = await postCheckout(t.app, checkoutForm(oneMonth.id));
      expect(response.statusCode).toBe(200);
      placed = response.json();
    });
    const intentId = intentIdOf(placed.clientSecret);
    const confirm = await counter.during(async () => {
      const response = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD, headers });
      expect(response.statusCode).toBe(200);
    });
    const notice = await counter.during(async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhook/payment-success',
        payload: { orderId: placed.order.id, paymentIntentId: intentId },
        headers,
      });
      expect(response.statusCode).toBe(200);
    });
    return { checkout, confirm, notice };
  }

  it('checkout, demo card confirmation and payment-success each send a fixed number of statements', async () => {
    // The first purchase installs the job queue's tables; the second shows the steady state.
    await purchase('127.0.0.1');
    await t.services.jobs.drain();
    const counts = await purchase('127.0.0.2');
    // Each with its one look-up in the blocklist: the buyer's email and address, then the card that paid (decision 0099).
    expect(counts.checkout).toHaveLength(9);
    expect(counts.confirm).toHaveLength(4);
    expect(counts.notice).toHaveLength(2);
  });

  it('the background work of a purchase is bounded', async () => {
    await purchase('127.0.0.3');
    const background = await counter.during(() => t.services.jobs.drain());
    // drain() asks every queue for work each round; those fetches come from the test, not the purchase.
    const work = background.filter((text) => !isJobFetch(text));
    // 14 until each email and the change that causes it became one statement (docs/decisions/0028).
    expect(work).toHaveLength(13);
  });
});
