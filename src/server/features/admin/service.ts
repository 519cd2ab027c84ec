import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { INVALID_ADMIN_CREDENTIALS } from '#contract/admin';
import { INCORRECT_PASSWORD, INVALID_TWO_FACTOR_CODE, RECOVERY_CODE_COUNT, TWO_FACTOR_ALREADY_ON, TWO_FACTOR_NOT_ON, TWO_FACTOR_NOT_SET_UP } from '#contract/admin-two-factor';
import { MIN_STAFF_PASSWORD_LENGTH } from '#contract/admin-staff';
import type { Config } from '#server/config';
import type { DbOrTx } from '#server/db/connect';
import { enforceSignInLimits } from '#server/lib/attempt-limits';
import type { Clock } from '#server/lib/clock';
import { conflict, invalid, unauthenticated } from '#domain/errors';
import { hashPassword, verifyPassword } from '#server/lib/passwords';
import {
  countRecoveryCodes,
  createFirstAdmin,
  findAdmin,
  findAdminByUsername,
  hasAnyAdmin,
  recordSignedIn,
  replaceRecoveryCodes,
  saveAdmin,
  savePendingTotpSecret,
  turnTotpOff,
  turnTotpOn,
  useRecoveryCode,
  useTotpStep,
  type AdminRow,
} from './admins';
import { isTotpCode, matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp';

/** One rule for every admin password: ADMIN_PASSWORD, admin:create and staff (decision 0098). */
export const MIN_ADMIN_PASSWORD_LENGTH = MIN_STAFF_PASSWORD_LENGTH;
/** The username of the admin generated on a first start with no ADMIN_* settings. */
export const FIRST_ADMIN_USERNAME = 'admin';

export interface AdminIdentity {
  id: string;
  username: string;
}

/** How a sign-in of a known admin ended; the route audits it and answers (decision 0096). */
export type AdminSignIn =
  | { outcome: 'signed_in'; admin: AdminIdentity; secondFactor: 'totp' | 'recovery_code' | null; recoveryCodesLeft: number | null }
  | { outcome: 'wrong_password' | 'code_missing' | 'wrong_code'; admin: AdminIdentity };

const identityOf = (admin: AdminRow): AdminIdentity => ({ id: admin.id, username: admin.username });

/** Who may administer the store: sign-in with its second factor, and the accounts made at start-up or by admin:create. */
export function createAdmins(db: DbOrTx, clock: Clock) {
  /** Accepts a TOTP code of the admin's secret once: its step is recorded as used in the same statement that checks it. */
  async function useTotpCode(tx: DbOrTx, admin: AdminRow, code: string): Promise<boolean> {
    const step = admin.totpSecret && isTotpCode(code) ? matchingStep(admin.totpSecret, code, clock.now()) : null;
    return step !== null && (await useTotpStep(tx, admin.id, step));
  }

  async function knownAdmin(tx: DbOrTx, id: string): Promise<AdminRow> {
    const admin = await findAdmin(tx, id);
    if (!admin) throw unauthenticated(INVALID_ADMIN_CREDENTIALS);
    return admin;
  }

  return {
    /**
     * Checks the password, then, once two-factor sign-in is on, the code: a TOTP code or a
     * recovery code, each accepted once. Only a complete sign-in gives the attempt back, so
     * codes are guessed under the same limits as passwords.
     */
    async login({ username, password, code }: { username: string; password: string; code?: string | undefined }, ip: string): Promise<AdminSignIn> {
      // The customers' sign-in limits (decision 0013), on their own keys.
      const succeeded = await enforceSignInLimits(db, 'admin-login', `username:${username}`, ip);
      const admin = await findAdminByUsername(db, username);
      // The same answer, in the same time, for an unknown username and a wrong password.
      const passwordRight = await verifyPassword(admin?.password ?? null, password);
      // A disabled staff member is answered as an unknown one (decision 0098).
      if (!admin || admin.disabledAt) throw unauthenticated(INVALID_ADMIN_CREDENTIALS);
      if (!passwordRight) return { outcome: 'wrong_password', admin: identityOf(admin) };
      let secondFactor: 'totp' | 'recovery_code' | null = null;
      if (admin.totpSecret) {
        if (!code) return { outcome: 'code_missing', admin: identityOf(admin) };
        if (await useTotpCode(db, admin, code)) secondFactor = 'totp';
        else if (!isTotpCode(code) && (await useRecoveryCode(db, admin.id, recoveryCodeHash(code)))) secondFactor = 'recovery_code';
        else return { outcome: 'wrong_code', admin: identityOf(admin) };
      }
      await succeeded();
      await recordSignedIn(db, admin.id, clock.now());
      const recoveryCodesLeft = secondFactor === 'recovery_code' ? await countRecoveryCodes(db, admin.id) : null;
      return { outcome: 'signed_in', admin: identityOf(admin), secondFactor, recoveryCodesLeft };
    },

    async find(id: string): Promise<AdminIdentity | null> {
      const admin = await findAdmin(db, id);
      return admin && identityOf(admin);
    },

    async twoFactorEnabled(id: string): Promise<boolean> {
      return Boolean((await findAdmin(db, id))?.totpSecret);
    },

    /** A new secret to scan, kept pending until a code confirms it; the one on is never shown again. */
    async setUpTwoFactor(id: string): Promise<{ secret: string; otpauthUrl: string }> {
      const admin = await knownAdmin(db, id);
      if (admin.totpSecret) throw conflict(TWO_FACTOR_ALREADY_ON);
      const offered = newTotpSecret(admin.username);
      await savePendingTotpSecret(db, id, offered.secret);
      return offered;
    },

    /** The code-guessing limits of My account's confirmations: the sign-in's, on their own keys. */
    limitCodeAttempts(id: string, ip: string): Promise<() => Promise<void>> {
      return enforceSignInLimits(db, 'admin-2fa', `admin:${id}`, ip);
    },

    /** Turns the pending secret on when `code` is its code, and returns new recovery codes, shown this once. */
    async enableTwoFactor(tx: DbOrTx, id: string, code: string): Promise<string[]> {
      const admin = await knownAdmin(tx, id);
      if (admin.totpSecret) throw conflict(TWO_FACTOR_ALREADY_ON);
      if (!admin.totpPendingSecret) throw conflict(TWO_FACTOR_NOT_SET_UP);
      const step = matchingStep(admin.totpPendingSecret, code, clock.now());
      if (step === null) throw invalid(INVALID_TWO_FACTOR_CODE);
      if (!(await turnTotpOn(tx, id, admin.totpPendingSecret, step))) throw conflict(TWO_FACTOR_NOT_SET_UP);
      const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
      await replaceRecoveryCodes(tx, id, codes.map(recoveryCodeHash));
      return codes;
    },

    /** Turns two-factor sign-in off: the password and a current code, both right. */
    async disableTwoFactor(tx: DbOrTx, id: string, { password, code }: { password: string; code: string }): Promise<void> {
      const admin = await knownAdmin(tx, id);
      if (!admin.totpSecret) throw conflict(TWO_FACTOR_NOT_ON);
      if (!(await verifyPassword(admin.password, password))) throw invalid(INCORRECT_PASSWORD);
      if (!(await useTotpCode(tx, admin, code))) throw invalid(INVALID_TWO_FACTOR_CODE);
      await turnTotpOff(tx, id);
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
