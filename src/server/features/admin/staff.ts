import { INCORRECT_PASSWORD } from '#contract/admin-two-factor';
import { LAST_OWNER, SAME_PASSWORD, STAFF_NOT_FOUND, STAFF_USERNAME_TAKEN, type NewStaff, type StaffChanges, type StaffMember, type StaffRole } from '#contract/admin-staff';
import type { DbOrTx } from '#server/db/connect';
import { conflict, invalid, notFound } from '#domain/errors';
import { hashPassword, verifyPassword } from '#server/lib/passwords';
import {
  findAdmin,
  findAdminWithRules,
  insertStaff,
  listAdmins,
  lockEnabledOwners,
  readTwoFactorRequired,
  savePassword,
  saveTwoFactorRequired,
  updateStaff,
  type AdminRow,
} from './admins';

/** Who is signed in and what is still asked of them before anything else (decision 0098). */
export interface StaffAccess {
  admin: { id: string; username: string; role: StaffRole };
  /** Another staff member chose the password: only changing it is open. */
  passwordChangeRequired: boolean;
  /** The owner requires two-factor sign-in and this member has none yet: only setting it up is open. */
  twoFactorSetupRequired: boolean;
}

const memberOf = (row: AdminRow): StaffMember => ({
  id: row.id,
  username: row.username,
  role: row.role,
  twoFactor: row.totpSecret !== null,
  disabled: row.disabledAt !== null,
  passwordChangeRequired: row.passwordChangeRequired,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A change of a staff member as the audit log keeps it: only the fields that changed. */
export interface StaffChange {
  member: StaffMember;
  before: Partial<Pick<StaffMember, 'role' | 'disabled'>>;
  after: Partial<Pick<StaffMember, 'role' | 'disabled'>>;
}

/** The owner's staff: who may do what, added and changed by an owner; each member's own password. */
export function createStaff(db: DbOrTx) {
  return {
    /** The signed-in member's role and pending steps; null for an unknown or disabled member, whose session no longer counts. */
    async access(id: string): Promise<StaffAccess | null> {
      const found = await findAdminWithRules(db, id);
      if (!found || found.admin.disabledAt) return null;
      const { admin, twoFactorRequired } = found;
      return {
        admin: { id: admin.id, username: admin.username, role: admin.role },
        passwordChangeRequired: admin.passwordChangeRequired,
        twoFactorSetupRequired: twoFactorRequired && admin.totpSecret === null,
      };
    },

    async list(): Promise<StaffMember[]> {
      return (await listAdmins(db)).map(memberOf);
    },

    /** A new member, whose password the member changes at first sign-in; a taken username is refused. */
    async add(tx: DbOrTx, staff: NewStaff): Promise<StaffMember> {
      const row = await insertStaff(tx, { username: staff.username, role: staff.role, passwordHash: await hashPassword(staff.password) });
      if (!row) throw conflict(STAFF_USERNAME_TAKEN);
      return memberOf(row);
    },

    /** A new role, or disabled or enabled again; refused when no enabled owner would be left. */
    async change(tx: DbOrTx, id: string, changes: StaffChanges): Promise<StaffChange> {
      const owners = await lockEnabledOwners(tx);
      const current = await findAdmin(tx, id);
      if (!current) throw notFound(STAFF_NOT_FOUND);
      const updated = await updateStaff(tx, id, changes);
      if (!updated) throw notFound(STAFF_NOT_FOUND);
      const stillOwner = updated.role === 'owner' && updated.disabledAt === null;
      if (owners.length === 1 && owners[0] === id && !stillOwner) throw invalid(LAST_OWNER);
      const before: StaffChange['before'] = {};
      const after: StaffChange['after'] = {};
      if (current.role !== updated.role) [before.role, after.role] = [current.role, updated.role];
      const wasDisabled = current.disabledAt !== null;
      if (wasDisabled !== (updated.disabledAt !== null)) [before.disabled, after.disabled] = [wasDisabled, !wasDisabled];
      return { member: memberOf(updated), before, after };
    },

    /** The member's own password: the current one right, the new one different. */
    async changePassword(tx: DbOrTx, id: string, { currentPassword, newPassword }: { currentPassword: string; newPassword: string }): Promise<void> {
      const admin = await findAdmin(tx, id);
      if (!admin) throw notFound(STAFF_NOT_FOUND);
      if (!(await verifyPassword(admin.password, currentPassword))) throw invalid(INCORRECT_PASSWORD);
      if (currentPassword === newPassword) throw invalid(SAME_PASSWORD);
      await savePassword(tx, id, await hashPassword(newPassword));
    },

    twoFactorRequired(): Promise<boolean> {
      return readTwoFactorRequired(db);
    },

    /** The owner's rule for everyone; returns what it was. */
    setTwoFactorRequired(tx: DbOrTx, required: boolean): Promise<boolean> {
      return saveTwoFactorRequired(tx, required);
    },
  };
}

export type Staff = ReturnType<typeof createStaff>;
