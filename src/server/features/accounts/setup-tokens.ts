import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { customers, setupTokens } from '#server/db/schema';

/** Links that set a password: setup (after an order or a sign-up) and reset (forgotten password). */
export type TokenPurpose = 'setup' | 'reset';

export const SETUP_TOKEN_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** Only this hash is stored: the database never holds a usable link. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes a new link token (256 random bits) for a customer; returns the token to email. */
export async function issueSetupToken(
  db: DbOrTx,
  { customerId, purpose, orderId }: { customerId: string; purpose: TokenPurpose; orderId?: string | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(setupTokens).values({
    tokenHash: hashToken(token),
    customerId,
    purpose,
    orderId: orderId ?? null,
    expiresAt: new Date(Date.now() + SETUP_TOKEN_LIFETIME_MS),
  });
  return token;
}

const usable = (token: string) =>
  and(eq(setupTokens.tokenHash, hashToken(token)), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, new Date()));

/** Who an unused, unexpired token is for; null for any other token. */
export async function findUsableToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ purpose: setupTokens.purpose, customerId: customers.id, firstName: customers.firstName, email: customers.email })
    .from(setupTokens)
    .innerJoin(customers, eq(customers.id, setupTokens.customerId))
    .where(usable(token))
    .limit(1);
  return row ?? null;
}

/** Uses a token up: only one of any number of concurrent uses gets its customer id. */
export async function consumeToken(db: DbOrTx, token: string): Promise<{ customerId: string } | null> {
  const [row] = await db
    .update(setupTokens)
    .set({ usedAt: new Date() })
    .where(usable(token))
    .returning({ customerId: setupTokens.customerId });
  return row ?? null;
}

/** Ends every other outstanding link of a customer, once a password has been set. */
export async function revokeTokens(db: DbOrTx, customerId: string): Promise<void> {
  await db
    .update(setupTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(setupTokens.customerId, customerId), isNull(setupTokens.usedAt)));
}
