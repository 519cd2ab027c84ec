import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/connect';
import { mailOutbox, orders } from '../../src/server/schema';
import { resolveOrderCustomer } from '../../src/server/features/accounts/customers';

/** Sign-in helpers for API tests: register or log in through the API and carry the cookie. */

export interface SignedIn {
  /** Pass as `cookies` to app.inject. */
  cookies: { sid: string };
  customer: { id: string; firstName: string; email: string; timeZone: string };
}

export function sessionCookieOf(response: LightMyRequestResponse): { sid: string } {
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid?.value) throw new Error(`no session cookie in the answer (${response.statusCode} ${response.body})`);
  return { sid: sid.value };
}

let counter = 0;
export function newRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    signupType: 'account',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada${counter}@example.com`,
    phone: '+1 555 0100',
    password: 'analytical-engine',
    confirmPassword: 'analytical-engine',
    ...overrides,
  };
}

export async function registerCustomer(app: App, overrides: Record<string, unknown> = {}): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/register', payload: newRegistration(overrides) });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { cookies: sessionCookieOf(response), customer: response.json().customer };
}

export async function loginCustomer(app: App, email: string, password: string): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { cookies: sessionCookieOf(response), customer: response.json().customer };
}

let orderCounter = 0;
/**
 * An order as the checkout stores it, for the customer the checkout would choose (a
 * guest row unless `signedInCustomerId`). Paid unless told otherwise.
 */
export async function placeTestOrder(
  db: Db,
  buyer: { email: string; firstName?: string; lastName?: string },
  { signedInCustomerId, paymentStatus = 'completed', giftCardDelivered = false }: { signedInCustomerId?: string; paymentStatus?: string; giftCardDelivered?: boolean } = {},
) {
  const firstName = buyer.firstName ?? 'Grace';
  const lastName = buyer.lastName ?? 'Hopper';
  const { customerId } = await resolveOrderCustomer(db, { email: buyer.email, firstName, lastName }, signedInCustomerId);
  orderCounter += 1;
  const id = `SP-${Date.now()}-${String(100000 + orderCounter).slice(-6)}`;
  const [order] = await db
    .insert(orders)
    .values({
      id,
      customerId,
      customerName: `${firstName} ${lastName}`,
      customerEmail: buyer.email,
      packageId: 'streaming-box',
      selectedGiftCard: 'Amazon',
      giftCardDelivered,
      paymentMethod: 'card',
      paymentStatus,
      deviceCount: '2',
      subtotalAmount: '155.98',
      totalAmount: '155.98',
      cashbackAmount: '30.00',
    })
    .returning();
  return order!;
}

/** The newest email sent to an address, or undefined. */
export async function lastMailTo(db: Db, to: string) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}

/** The token of the /setup/<token> link in an email's text. */
export function setupTokenIn(text: string): string {
  const match = /\/setup\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no setup link in: ${text}`);
  return match[1]!;
}
