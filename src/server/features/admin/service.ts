import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { INVALID_ADMIN_CREDENTIALS } from '#contract/admin';
import type { Config } from '#server/config';
import type { DbOrTx } from '#server/db/connect';
import { enforceSignInLimits } from '#server/lib/attempt-limits';
import { unauthenticated } from '#domain/errors';
import { hashPassword, verifyPassword } from '#server/lib/passwords';
import { createFirstAdmin, findAdmin, findAdminByUsername, hasAnyAdmin, saveAdmin } from './admins';

export const MIN_ADMIN_PASSWORD_LENGTH = 12;
/** The username of the admin generated on a first start with no ADMIN_* settings. */
export const FIRST_ADMIN_USERNAME = 'admin';

export interface AdminIdentity {
  id: string;
  username: string;
}

/** Who may administer the store: sign-in, and the accounts made at start-up or by admin:create. */
export function createAdmins(db: DbOrTx) {
  return {
    async login({ username, password }: { username: string; password: string }, ip: string): Promise<AdminIdentity> {
      // The customers' sign-in limits (decision 0013), on their own keys.
      const succeeded = await enforceSignInLimits(db, 'admin-login', `username:${username}`, ip);
      const admin = await findAdminByUsername(db, username);
      // The same answer, in the same time, for an unknown username and a wrong password.
      if (!(await verifyPassword(admin?.password ?? null, password)) || !admin) throw unauthenticated(INVALID_ADMIN_CREDENTIALS);
      await succeeded();
      return { id: admin.id, username: admin.username };
    },

    async find(id: string): Promise<AdminIdentity | null> {
      const admin = await findAdmin(db, id);
      return admin && { id: admin.id, username: admin.username };
    },
  };
}


/** Creates the admin or resets its password (ADMIN_* settings and `npm run admin:create`). */
export async function setAdminPassword(db: DbOrTx, username: string, password: string): Promise<void> {
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`The admin password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`);
  }
  await saveAdmin(db, username, await hashPassword(password));
}

/**
 * At start-up: ADMIN_USERNAME and ADMIN_PASSWORD create or update that admin. With neither
 * set and no admin yet, one is made with a random password, printed once in the log, so
 * that a new store is never without a way in nor open to a default password.
 */
export async function ensureAdmin(db: DbOrTx, config: Pick<Config, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'>, logger: FastifyBaseLogger): Promise<void> {
  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    await setAdminPassword(db, config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
    return;
  }
  // Most starts find an admin: no password to make and hash then.
  if (await hasAnyAdmin(db)) return;
  const password = randomBytes(18).toString('base64url');
  if (await createFirstAdmin(db, FIRST_ADMIN_USERNAME, await hashPassword(password))) {
    logger.warn(
      { username: FIRST_ADMIN_USERNAME, password },
      `created the first admin "${FIRST_ADMIN_USERNAME}" with the password ${password}: sign in at /admin-login, and set your own with npm run admin:create -- ${FIRST_ADMIN_USERNAME}`,
    );
  }
}

export type Admins = ReturnType<typeof createAdmins>;
