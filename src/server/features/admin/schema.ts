import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns';

/** Store administrators: apart from customers, with a username instead of an email (spec section 6). */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  /** An argon2id hash, as for customers. */
  password: text('password').notNull(),
  /** The TOTP secret (base32) while two-factor sign-in is on; never sent back once on (decision 0096). */
  totpSecret: text('totp_secret'),
  /** A secret offered by setup and not yet confirmed with a code. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last TOTP time step accepted: a code of that step or an earlier one is refused, so each works once. */
  totpLastStep: integer('totp_last_step'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
