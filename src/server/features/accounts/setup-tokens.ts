import { hash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import type { PrebuiltCause } from '#server/db/prebuilt';
import { customers, setupTokens } from './schema';

/** Links that set a password: setup (after an order or a sign-up) and reset (forgotten password). */
export type TokenPurpose = 'setup' | 'reset';

export const SETUP_TOKEN_LIFETIME_MS = 48 * 60 * 60 * 1000;

/**
 * Only this hash is stored here; the link itself goes in the email (kept by the demo
 * outbox, or held by the outbox only until SMTP delivers it: docs/decisions/0028).
 */
const hashToken = (token: string) => hash('sha256', token, 'hex');

/** A new link token (256 random bits) to email, the hash that is stored, and when it expires. */
function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SETUP_TOKEN_LIFETIME_MS) };
}

/** Who a setup link is mailed to. */
export interface LinkRecipient {
  id: string;
  email: string;
  firstName: string;
  /** The customer's language, which the link's email is written in (decision 0107). */
  locale?: string | null;
}

/**
 * A new link token for a customer (with `onlyWithoutPassword`, only while they have no
 * password): the token to email, the new row's id, and the INSERT, not yet run, which
 * yields the row when it made one. The mail feature runs it in the statement that writes
 * the email (docs/decisions/0028), so a token is never issued without its email.
 */
export function setupTokenInsert(
  db: DbOrTx,
  { customerId, purpose, orderId, onlyWithoutPassword }: { customerId: string; purpose: TokenPurpose; orderId: string | null; onlyWithoutPassword: boolean },
): { token: string; id: string; insert: PrebuiltCause } {
  const { token, tokenHash, expiresAt } = newToken();
  const id = randomUUID();
  const value = (name: string) => sql.placeholder(`token_${name}`);
  const insert: PrebuiltCause = {
    // Its text is built once per kind with the email's INSERT around it (decision 0048).
    shape: onlyWithoutPassword ? 'setup-token-insert:without-password' : 'setup-token-insert',
    build: () =>
      db
        .insert(setupTokens)
        .select(
          db
            .select({
              id: sql`${value('id')}::uuid`.as('id'),
              tokenHash: sql`${value('hash')}`.as('token_hash'),
              customerId: customers.id,
              purpose: sql`${value('purpose')}`.as('purpose'),
              orderId: sql`${value('orderId')}`.as('order_id'),
              expiresAt: sql`${value('expiresAt')}::timestamptz`.as('expires_at'),
              usedAt: sql`null::timestamptz`.as('used_at'),
              createdAt: sql`now()`.as('created_at'),
            })
            .from(customers)
            .where(and(eq(customers.id, value('customerId')), onlyWithoutPassword ? isNull(customers.password) : undefined)),
        )
        .returning({ id: setupTokens.id }),
    values: { token_id: id, token_hash: tokenHash, token_purpose: purpose, token_orderId: orderId, token_expiresAt: expiresAt.toISOString(), token_customerId: customerId },
  };
  return { token, id, insert };
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
