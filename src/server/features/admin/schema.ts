import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns';

/** Store administrators: apart from customers, with a username instead of an email (spec section 6). */
export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique(),
    /** An argon2id hash, as for customers. */
    password: text('password').notNull(),
    /** What the staff member may open (decision 0098); the admins made before roles are owners. */
    role: text('role', { enum: ['owner', 'support', 'fulfilment'] }).notNull().default('owner'),
    /** Set when another staff member chose the password: every call but the password change is refused until it changes. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** A disabled member cannot sign in, and was signed out when disabled. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The TOTP secret (base32) while two-factor sign-in is on; never sent back once on (decision 0096). */
    totpSecret: text('totp_secret'),
    /** A secret offered by setup and not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused, so each works once. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('admins_role_known', sql`${t.role} in ('owner', 'support', 'fulfilment')`)],
);

/** The owner's rules for every staff member (decision 0098): one row, held so by its key. */
export const staffSettings = pgTable(
  'staff_settings',
  {
    only: boolean('only').primaryKey().default(true),
    /** A staff member without two-factor sign-in may only set it up. */
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('staff_settings_one_row', sql`${t.only}`)],
);

/** An admin's unused recovery codes, as SHA-256 hashes of high-entropy codes; a used one is deleted (decision 0096). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.codeHash] })],
);
