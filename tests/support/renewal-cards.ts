import type { TestApp } from './test-app';

/**
 * The customer's "Update card" on the account page, through the API as the page calls it
 * with the demo card network: a setup, the demo bank's confirmation of the test card, then
 * the subscription's renewals charge the new card.
 */
export async function switchSavedCard(t: TestApp, bought: { subscriptionId: string; cookies: { sid: string } | null }, cardNumber: string): Promise<void> {
  const cookies = bought.cookies ?? {};
  const setup = await t.app.inject({ method: 'POST', url: `/api/subscriptions/${bought.subscriptionId}/card-setup`, cookies });
  if (setup.statusCode !== 200) throw new Error(`card setup failed: ${setup.statusCode} ${setup.body}`);
  const { setupIntentId } = setup.json<{ setupIntentId: string }>();
  const confirmed = await t.app.inject({ method: 'POST', url: `/api/demo/setup-intents/${setupIntentId}/confirm`, payload: { cardNumber, expiry: '12/34', cvc: '123' } });
  if (confirmed.statusCode !== 200) throw new Error(`the demo bank refused the card: ${confirmed.statusCode} ${confirmed.body}`);
  const used = await t.app.inject({ method: 'POST', url: `/api/subscriptions/${bought.subscriptionId}/card`, payload: { setupIntentId }, cookies });
  if (used.statusCode !== 200) throw new Error(`update card failed: ${used.statusCode} ${used.body}`);
}
