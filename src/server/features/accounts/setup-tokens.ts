import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { customers, setupTokens } from './schema';

/** Links that set a password: setup (after an order or a sign-up) and reset (forgotten password). */
export type TokenPurpose = 'setup' | 'reset';

export const SETUP_TOKEN_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** Only this hash is stored: the database never holds a usable link. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link token (256 random bits) to email, the hash that is stored, and when it expires. */
function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SETUP_TOKEN_LIFETIME_MS) };
}

/** Makes a new link token for a customer; returns the token to email. */
export async function issueSetupToken(
  db: DbOrTx,
  { customerId, purpose, orderId }: { customerId: string; purpose: TokenPurpose; orderId?: string | null },
): Promise<string> {
  const { token, tokenHash, expiresAt } = newToken();
  await db.insert(setupTokens).values({ tokenHash, customerId, purpose, orderId: orderId ?? null, expiresAt });
  return token;
}

/** Who a setup link is mailed to. */
export interface LinkRecipient {
  id: string;
  email: string;
  firstName: string;
}

/**
 * A setup token for a customer (with `onlyWithoutPassword`, only one who has no password
 * yet), found and issued in one statement (docs/decisions/0023): the token and who to mail
 * it to, or null when there is no such customer or they have a password.
 */
export async function issueSetupTokenFor(
  db: DbOrTx,
  { customerId, orderId, onlyWithoutPassword }: { customerId: string; orderId?: string | null; onlyWithoutPassword: boolean },
): Promise<{ token: string; recipient: LinkRecipient } | null> {
  const { token, tokenHash, expiresAt } = newToken();
  const recipient = db.$with('recipient').as(
    db
      .select({ id: customers.id, email: customers.email, firstName: customers.firstName })
      .from(customers)
      .where(and(eq(customers.id, customerId), onlyWithoutPassword ? isNull(customers.password) : undefined)),
  );
  const issued = db.$with('issued').as(
    db
      .insert(setupTokens)
      .select(
        db
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            tokenHash: sql`${tokenHash}`.as('token_hash'),
            customerId: recipient.id,
            purpose: sql`'setup'`.as('purpose'),
            orderId: sql`${orderId ?? null}`.as('order_id'),
            expiresAt: sql`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
            usedAt: sql`null::timestamptz`.as('used_at'),
            createdAt: sql`now()`.as('created_at'),
          })
          .from(recipient),
      )
      .returning({ customerId: setupTokens.customerId }),
  );
  const [row] = await db.with(recipient, issued).select().from(recipient).innerJoin(issued, eq(issued.customerId, recipient.id));
  return row ? { token, recipient: row.recipient } : null;
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

/** Whether a customer holds an unused, unexpired setup link for an order, issued at or after a time. */
export async function hasUsableSetupLink(
  db: DbOrTx,
  { customerId, orderId, issuedSince }: { customerId: string; orderId: string; issuedSince: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(
      and(
        eq(setupTokens.customerId, customerId),
        eq(setupTokens.orderId, orderId),
        eq(setupTokens.purpose, 'setup'),
        isNull(setupTokens.usedAt),
        gt(setupTokens.expiresAt, new Date()),
        gte(setupTokens.createdAt, issuedSince),
      ),
    )
    .limit(1);
  return row !== undefined;
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
