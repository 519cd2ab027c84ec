import type { NewCoupon, CouponChanges, AdminCoupon, WinBackCoupon } from '#contract/admin-coupons';
import type { AdminCurrency, AdminPackage, CurrencyChange, PackageChanges } from '#contract/admin-packages';
import type { AuditActor } from '#domain/actors';
import type { Db } from '#server/db/connect';
import type { NewStaff, StaffChanges, StaffMember } from '#contract/admin-staff';
import type { DbOrTx } from '#server/db/connect';
import type { AdminSignIn, Admins, Staff } from '#server/features/admin/index';
import { recordAdminAction } from '#server/features/audit/index';
import type { Catalog } from '#server/features/catalog/index';
import type { CouponAdmin } from '#server/features/coupons/index';
import { setTrialDailyBudget } from '#server/features/checkout/index';
import { appendPolicyVersion } from '#server/features/policies/index';
import type { PolicyName } from '#contract/policy-paths';

export interface AdminChangesDeps {
  db: Db;
  catalog: Pick<Catalog, 'changePackage' | 'invalidate' | 'setCurrencyEnabled' | 'adminCurrencies'>;
  couponAdmin: Pick<CouponAdmin, 'create' | 'update' | 'chooseWinBack'>;
  admins: Pick<Admins, 'limitCodeAttempts' | 'enableTwoFactor' | 'disableTwoFactor'>;
  staff: Pick<Staff, 'add' | 'change' | 'changePassword' | 'setTwoFactorRequired'>;
  /** Signs an admin out everywhere but the session kept (the sessions' own call). */
  endAdminSessions: (tx: DbOrTx, adminId: string, keepSid?: string | null) => Promise<void>;
}

/**
 * An administrator's changes to the packages, coupons and policies, and their sign-ins, sign-outs and
 * downloads: each feature's write in a transaction held here, with its audit row written in
 * that same transaction (decision 0084: features never import the audit feature).
 */
export function createAdminChanges({ db, catalog, couponAdmin, admins, staff, endAdminSessions }: AdminChangesDeps) {
  const staffTarget = (id: string) => ({ type: 'admin', id });
  return {
    /** POST /api/admin/staff (decision 0098): the member and its audit row; the password is never recorded. */
    addStaff(member: NewStaff, actor: AuditActor): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const added = await staff.add(tx, member);
        await recordAdminAction(tx, { actor, action: 'staff.create', target: staffTarget(added.id), before: {}, after: { username: added.username, role: added.role } });
        return added;
      });
    },

    /** PATCH /api/admin/staff/:id: a new role or disabled, audited; a member disabled is signed out in the same transaction. */
    changeStaff(id: string, changes: StaffChanges, actor: AuditActor): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const change = await staff.change(tx, id, changes);
        if (Object.keys(change.after).length > 0) {
          await recordAdminAction(tx, { actor, action: 'staff.update', target: staffTarget(id), before: change.before, after: { ...change.after, username: change.member.username } });
        }
        if (change.member.disabled) await endAdminSessions(tx, id);
        return change.member;
      });
    },

    /** POST /api/admin/password: the member's own new password, audited; their other sessions end, this one stays. */
    async changePassword(actor: AuditActor, passwords: { currentPassword: string; newPassword: string }, keep: { sid: string; address: string }): Promise<void> {
      const succeeded = await admins.limitCodeAttempts(actor.id, keep.address);
      await db.transaction(async (tx) => {
        await staff.changePassword(tx, actor.id, passwords);
        await recordAdminAction(tx, { actor, action: 'admin.password_change', target: staffTarget(actor.id), before: {}, after: { address: keep.address } });
        await endAdminSessions(tx, actor.id, keep.sid);
      });
      await succeeded();
    },

    /** PATCH /api/admin/staff-settings: the owner's two-factor rule for everyone, audited when it changes. */
    async setTwoFactorRequired(required: boolean, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await staff.setTwoFactorRequired(tx, required);
        if (before !== required) {
          await recordAdminAction(tx, { actor, action: 'staff.two_factor_rule', target: { type: 'staff', id: 'two-factor' }, before: { twoFactorRequired: before }, after: { twoFactorRequired: required } });
        }
      });
    },

    /** PATCH /api/admin/packages/:id: the row, its audit row, then this instance's package list cleared. */
    async changePackage(id: string, changes: PackageChanges, actor: AuditActor): Promise<AdminPackage> {
      const changed = await db.transaction(async (tx) => {
        const change = await catalog.changePackage(tx, id, changes);
        if (Object.keys(change.after).length > 0) {
          await recordAdminAction(tx, { actor, action: 'package.update', target: { type: 'package', id }, before: change.before, after: change.after });
        }
        return change.package;
      });
      catalog.invalidate();
      return changed;
    },

    /** PATCH /api/admin/currencies (decision 0104): the setting, its audit row when it changed, then this instance's lists cleared. */
    async setCurrency(change: CurrencyChange, actor: AuditActor): Promise<AdminCurrency[]> {
      await db.transaction(async (tx) => {
        const wasEnabled = await catalog.setCurrencyEnabled(tx, change.currency, change.enabled);
        if (wasEnabled !== change.enabled) {
          await recordAdminAction(tx, { actor, action: 'currency.update', target: { type: 'currency', id: change.currency }, before: { enabled: wasEnabled }, after: { enabled: change.enabled } });
        }
      });
      catalog.invalidate();
      return catalog.adminCurrencies();
    },

    /** PUT /api/admin/policies/:name (decision 0097): the next version and its audit row; the same text again changes nothing. */
    async editPolicy(name: PolicyName, markdown: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const change = await appendPolicyVersion(tx, name, markdown, actor);
        if (change.changed) await recordAdminAction(tx, { actor, action: 'policy.update', target: { type: 'policy', id: name }, before: change.before, after: change.after });
      });
    },

    /** POST /api/admin/coupons. */
    createCoupon(coupon: NewCoupon, actor: AuditActor): Promise<AdminCoupon> {
      return db.transaction(async (tx) => {
        const created = await couponAdmin.create(tx, coupon);
        await recordAdminAction(tx, { actor, action: 'coupon.create', target: { type: 'coupon', id: created.coupon.code }, before: created.before, after: created.after });
        return created.coupon;
      });
    },

    /** PATCH /api/admin/coupons/:code: audited with the fields that changed, when any did. */
    updateCoupon(code: string, changes: CouponChanges, actor: AuditActor): Promise<AdminCoupon> {
      return db.transaction(async (tx) => {
        const updated = await couponAdmin.update(tx, code, changes);
        if (Object.keys(updated.after).length > 0) {
          await recordAdminAction(tx, { actor, action: 'coupon.update', target: { type: 'coupon', id: code }, before: updated.before, after: updated.after });
        }
        return updated.coupon;
      });
    },

    /** PATCH /api/admin/win-back-coupon (decision 0046). */
    /** PATCH /api/admin/trial-budget (decision 0101): the owner's daily trial budget, audited when it changes. */
    setTrialBudget(dailyBudget: number, actor: AuditActor): Promise<void> {
      return db.transaction(async (tx) => {
        const set = await setTrialDailyBudget(tx, dailyBudget);
        if (set.changed) {
          await recordAdminAction(tx, { actor, action: 'trial.budget', target: { type: 'trial_budget', id: 'daily' }, before: { dailyBudget: set.previous }, after: { dailyBudget } });
        }
      });
    },

    chooseWinBackCoupon(code: string | null, actor: AuditActor): Promise<WinBackCoupon> {
      return db.transaction(async (tx) => {
        const chosen = await couponAdmin.chooseWinBack(tx, code);
        if (chosen.changed) {
          const target = { type: 'coupon', id: code ?? chosen.previous ?? 'none' };
          await recordAdminAction(tx, { actor, action: 'coupon.win_back', target, before: { winBack: chosen.previous }, after: { winBack: code } });
        }
        return { code };
      });
    },

    /** An admin's sign-out, for the audit log: who, when, from which address (a sign-in is recordSignIn's). */
    async recordSignOut(admin: AuditActor, address: string): Promise<void> {
      await recordAdminAction(db, { actor: admin, action: 'admin.sign_out', target: { type: 'admin', id: admin.id }, before: {}, after: { address } });
    },

    /**
     * A sign-in of a known admin, for the audit log (decision 0096): a success names its second
     * factor, a recovery code used is a row of its own with how many are left, and a refusal
     * after the username matched (wrong password, wrong code) is recorded against that admin.
     * A missing code is the sign-in's first step, not recorded.
     */
    async recordSignIn(signIn: AdminSignIn, address: string): Promise<void> {
      const { admin } = signIn;
      const target = { type: 'admin', id: admin.id };
      if (signIn.outcome === 'code_missing') return;
      if (signIn.outcome !== 'signed_in') {
        await recordAdminAction(db, { actor: admin, action: 'admin.sign_in_refused', target, before: {}, after: { address, reason: signIn.outcome } });
        return;
      }
      await db.transaction(async (tx) => {
        const after = signIn.secondFactor ? { address, secondFactor: signIn.secondFactor } : { address };
        await recordAdminAction(tx, { actor: admin, action: 'admin.sign_in', target, before: {}, after });
        if (signIn.secondFactor === 'recovery_code') {
          await recordAdminAction(tx, { actor: admin, action: 'admin.recovery_code_used', target, before: {}, after: { address, recoveryCodesLeft: signIn.recoveryCodesLeft } });
        }
      });
    },

    /** Two-factor sign-in turned on with a code of the pending secret: the change and its audit row, then the new recovery codes. */
    async enableTwoFactor(admin: AuditActor, code: string, address: string): Promise<string[]> {
      const succeeded = await admins.limitCodeAttempts(admin.id, address);
      const codes = await db.transaction(async (tx) => {
        const recoveryCodes = await admins.enableTwoFactor(tx, admin.id, code);
        await recordAdminAction(tx, { actor: admin, action: 'admin.two_factor_on', target: { type: 'admin', id: admin.id }, before: { twoFactor: false }, after: { twoFactor: true, address } });
        return recoveryCodes;
      });
      await succeeded();
      return codes;
    },

    /** Two-factor sign-in turned off with the password and a current code. */
    async disableTwoFactor(admin: AuditActor, proof: { password: string; code: string }, address: string): Promise<void> {
      const succeeded = await admins.limitCodeAttempts(admin.id, address);
      await db.transaction(async (tx) => {
        await admins.disableTwoFactor(tx, admin.id, proof);
        await recordAdminAction(tx, { actor: admin, action: 'admin.two_factor_off', target: { type: 'admin', id: admin.id }, before: { twoFactor: true }, after: { twoFactor: false, address } });
      });
      await succeeded();
    },

    /** An admin's CSV download, for the audit log: who took which data, of which days (null: every row), when and from where. */
    async recordExport(admin: AuditActor, name: string, address: string, filters: { from: string | null; to: string | null } | null): Promise<void> {
      await recordAdminAction(db, { actor: admin, action: 'export.download', target: { type: 'export', id: name }, before: {}, after: { address, filters } });
    },
  };
}
