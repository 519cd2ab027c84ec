import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { StaffRole } from '#contract/admin-staff';
import { queryRows, type DbOrTx } from '#server/db/connect';
import { adminRecoveryCodes, admins, staffSettings } from './schema';

/** The admins, admin_recovery_codes and staff_settings tables' one writer: start-up, the admin:create command, sign-in, two-factor setup and staff (decision 0098). */
export type AdminRow = typeof admins.$inferSelect;

export async function findAdminByUsername(db: DbOrTx, username: string): Promise<AdminRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.username, username)).limit(1);
  return row ?? null;
}

export async function findAdmin(db: DbOrTx, id: string): Promise<AdminRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row ?? null;
}

/**
 * Creates the admin (an owner), or gives an existing one of that username the new password
 * hash. The person at the server chose it, so it is never asked to change (decision 0098).
 */
export async function saveAdmin(db: DbOrTx, username: string, passwordHash: string): Promise<AdminRow> {
  const [row] = await db
    .insert(admins)
    .values({ username, password: passwordHash })
    .onConflictDoUpdate({ target: admins.username, set: { password: passwordHash, passwordChangeRequired: false, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

/** A staff member added by the owner, who changes the password at first sign-in; null when the username is taken. */
export async function insertStaff(db: DbOrTx, staff: { username: string; passwordHash: string; role: StaffRole }): Promise<AdminRow | null> {
  const [row] = await db
    .insert(admins)
    .values({ username: staff.username, password: staff.passwordHash, role: staff.role, passwordChangeRequired: true })
    .onConflictDoNothing({ target: admins.username })
    .returning();
  return row ?? null;
}

export async function listAdmins(db: DbOrTx): Promise<AdminRow[]> {
  return db.select().from(admins).orderBy(asc(admins.createdAt), asc(admins.username));
}

/** The enabled owners, locked until the transaction ends, so two changes cannot each remove the other's last owner. */
export async function lockEnabledOwners(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), isNull(admins.disabledAt)))
    .for('update');
  return rows.map((row) => row.id);
}

export async function updateStaff(tx: DbOrTx, id: string, changes: { role?: StaffRole; disabled?: boolean }): Promise<AdminRow | null> {
  const [row] = await tx
    .update(admins)
    .set({
      ...(changes.role === undefined ? {} : { role: changes.role }),
      ...(changes.disabled === undefined ? {} : { disabledAt: changes.disabled ? sql`coalesce(${admins.disabledAt}, now())` : null }),
      updatedAt: sql`now()`,
    })
    .where(eq(admins.id, id))
    .returning();
  return row ?? null;
}

/** The staff member's own new password: the change asked of them is done. */
export async function savePassword(tx: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await tx.update(admins).set({ password: passwordHash, passwordChangeRequired: false, updatedAt: sql`now()` }).where(eq(admins.id, id));
}

export async function recordSignedIn(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(admins).set({ lastSignInAt: at }).where(eq(admins.id, id));
}

export async function readTwoFactorRequired(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ required: staffSettings.twoFactorRequired }).from(staffSettings).limit(1);
  return row?.required ?? false;
}

/** Sets the owner's two-factor rule; returns what it was. */
export async function saveTwoFactorRequired(tx: DbOrTx, required: boolean): Promise<boolean> {
  const [before] = await tx.select({ required: staffSettings.twoFactorRequired }).from(staffSettings).for('update');
  await tx
    .insert(staffSettings)
    .values({ twoFactorRequired: required })
    .onConflictDoUpdate({ target: staffSettings.only, set: { twoFactorRequired: required, updatedAt: sql`now()` } });
  return before?.required ?? false;
}

export async function hasAnyAdmin(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: admins.id }).from(admins).limit(1);
  return row !== undefined;
}

/** Creates the admin only when there is no admin at all; false when one exists (another instance may have won). */
export async function createFirstAdmin(db: DbOrTx, username: string, passwordHash: string): Promise<boolean> {
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`
    insert into ${admins} (username, password)
    select ${username}, ${passwordHash} where not exists (select 1 from ${admins})
    on conflict do nothing
    returning id`,
  );
  return inserted.length > 0;
}

/** Keeps a secret offered by setup until a code confirms it (decision 0096). */
export async function savePendingTotpSecret(db: DbOrTx, id: string, secret: string): Promise<void> {
  await db.update(admins).set({ totpPendingSecret: secret, updatedAt: sql`now()` }).where(eq(admins.id, id));
}

/** Turns the pending secret on with the step of the code that confirmed it; false when the secret changed meanwhile. */
export async function turnTotpOn(db: DbOrTx, id: string, secret: string, step: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step, updatedAt: sql`now()` })
    .where(and(eq(admins.id, id), eq(admins.totpPendingSecret, secret), isNull(admins.totpSecret)))
    .returning({ id: admins.id });
  return rows.length > 0;
}

export async function turnTotpOff(db: DbOrTx, id: string): Promise<void> {
  await db.update(admins).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: sql`now()` }).where(eq(admins.id, id));
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
}

/**
 * Records a TOTP code's time step as used, in one conditional UPDATE: false when that step or
 * a later one was used already (by this request's twin too), so each code works once.
 */
export async function useTotpStep(db: DbOrTx, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, id), isNotNull(admins.totpSecret), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** Replaces the admin's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: DbOrTx, adminId: string, codeHashes: string[]): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await db.insert(adminRecoveryCodes).values(codeHashes.map((codeHash) => ({ adminId, codeHash })));
}

/** Deletes the recovery code of this hash: true once, when it was there (the DELETE is the check). */
export async function useRecoveryCode(db: DbOrTx, adminId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), eq(adminRecoveryCodes.codeHash, codeHash)))
    .returning({ codeHash: adminRecoveryCodes.codeHash });
  return rows.length > 0;
}

export async function countRecoveryCodes(db: DbOrTx, adminId: string): Promise<number> {
  const rows = await db.select({ codeHash: adminRecoveryCodes.codeHash }).from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  return rows.length;
}

/** The admin with the owner's two-factor rule, read together on every admin request (decision 0098). */
export async function findAdminWithRules(db: DbOrTx, id: string): Promise<{ admin: AdminRow; twoFactorRequired: boolean } | null> {
  const [row] = await db
    .select({ admin: admins, twoFactorRequired: sql<boolean>`coalesce((select ${staffSettings.twoFactorRequired} from ${staffSettings} limit 1), false)` })
    .from(admins)
    .where(eq(admins.id, id))
    .limit(1);
  return row ?? null;
}
