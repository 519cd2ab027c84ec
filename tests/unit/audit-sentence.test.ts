import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntry } from '../../src/contract/admin-audit';
import { AUDIT_ACTION_LABELS, auditSentence } from '../../src/client/features/admin/shared/audit-sentence';

const ORDER = 'SP-1700000000000-123';
const entry = (action: string, after: Record<string, unknown>, before: Record<string, unknown> = {}, target = { targetType: 'order', targetId: ORDER }): Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'before' | 'after'> => ({
  action,
  ...target,
  before,
  after,
});

describe('an audit entry as one sentence', () => {
  it('says a refund with its amount in dollars and its note', () => {
    const refund = entry('order.refund', { paymentStatus: 'refunded', amount: '15.99', refund: { id: 're_1', status: 'succeeded' }, couponReleased: false, note: 'customer asked' }, { paymentStatus: 'completed' });
    expect(auditSentence(refund)).toBe('Refunded $15.99 of SP-1700000000000-123 (customer asked)');
    expect(auditSentence(entry('order.refund', { paymentStatus: 'refunded', amount: '1249.50' }))).toBe('Refunded $1,249.50 of SP-1700000000000-123');
    // A row missing its amount still reads.
    expect(auditSentence(entry('order.refund', { paymentStatus: 'refunded' }))).toBe('Refunded SP-1700000000000-123');
  });

  it('says the sign-ins and two-factor changes of decision 0096', () => {
    const admin = { targetType: 'admin', targetId: 'a1' };
    expect(auditSentence(entry('admin.sign_in_refused', { address: '203.0.113.7', reason: 'wrong_password' }, {}, admin))).toBe('Sign-in refused (wrong password) from 203.0.113.7');
    expect(auditSentence(entry('admin.sign_in_refused', { address: '203.0.113.7', reason: 'wrong_code' }, {}, admin))).toBe('Sign-in refused (wrong authentication code) from 203.0.113.7');
    expect(auditSentence(entry('admin.recovery_code_used', { address: '203.0.113.7', recoveryCodesLeft: 9 }, {}, admin))).toBe('Signed in with a recovery code, 9 left');
    expect(auditSentence(entry('admin.two_factor_on', { twoFactor: true }, { twoFactor: false }, admin))).toBe('Turned two-factor sign-in on');
    expect(auditSentence(entry('admin.two_factor_off', { twoFactor: false }, { twoFactor: true }, admin))).toBe('Turned two-factor sign-in off');
  });

  it('says the blocklist changes and refusals of decision 0099', () => {
    const entryTarget = { targetType: 'blocklist', targetId: 'e1' };
    expect(auditSentence(entry('blocklist.add', { kind: 'email', value: 'mallory@example.com', reason: 'Chargebacks' }, {}, entryTarget))).toBe('Blocked email mallory@example.com (Chargebacks)');
    expect(auditSentence(entry('blocklist.remove', {}, { kind: 'ip', value: '203.0.113.0/24', reason: 'Card testing' }, entryTarget))).toBe('Removed ip 203.0.113.0/24 from the blocklist');
    expect(auditSentence(entry('blocklist.refused', { flow: 'trial_sign_up', kind: 'mac', value: '00:1A:79:AA:BB:CC', reason: 'Resold box' }, {}, entryTarget))).toBe(
      'Refused a trial sign up: mac 00:1A:79:AA:BB:CC is blocked (Resold box)',
    );
  });

  it("says the other order actions: honour, retry, the gift card, the customer's account", () => {
    expect(auditSentence(entry('order.honour', { paymentStatus: 'completed', couponCounted: 'SPRING' }, { paymentStatus: 'needs_review' }))).toBe(
      'Completed SP-1700000000000-123 as it stands, counting a use of coupon SPRING',
    );
    expect(auditSentence(entry('order.honour', { paymentStatus: 'completed', couponCounted: null }))).toBe('Completed SP-1700000000000-123 as it stands');
    expect(auditSentence(entry('order.retry_provisioning', { provisioningQueued: true }, { failureReason: 'panel down' }))).toBe('Retried setting up the service of SP-1700000000000-123');
    expect(auditSentence(entry('order.gift_card', { giftCardDelivered: true }, { giftCardDelivered: false }))).toBe('Marked the gift card of SP-1700000000000-123 delivered');
    expect(auditSentence(entry('order.gift_card', { giftCardDelivered: false }, { giftCardDelivered: true }))).toBe('Marked the gift card of SP-1700000000000-123 not delivered');
    expect(auditSentence(entry('order.create_account', { customerId: 'c1', email: 'rosa@example.com' }, { customerId: 'c1' }))).toBe(
      'Created the account of rosa@example.com for SP-1700000000000-123',
    );
    expect(auditSentence(entry('order.create_account', { customerId: 'c2', email: 'new@example.com' }, { customerId: 'c1' }))).toBe(
      'Gave SP-1700000000000-123 to the account of new@example.com',
    );
    expect(auditSentence(entry('order.create_account', { customerId: 'c2', email: 'new@example.com' }, { customerId: 'c1', email: 'old@example.com' }))).toBe(
      'Moved SP-1700000000000-123 from old@example.com to new@example.com',
    );
  });

  it("says a device's changes, by its number on the order, and a subscription's devices disabled or enabled", () => {
    expect(auditSentence(entry('device.rename', { deviceNumber: 1, label: 'Living room TV' }, { deviceNumber: 1, label: null }))).toBe('Renamed device 1 of SP-1700000000000-123 to Living room TV');
    expect(auditSentence(entry('device.rename', { deviceNumber: 2, label: null }))).toBe('Took the name off device 2 of SP-1700000000000-123');
    expect(auditSentence(entry('device.change_mac', { deviceNumber: 1, mac: '00:1A:79:AB:CD:EF' }, { deviceNumber: 1, mac: '00:1A:79:12:34:56' }))).toBe(
      'Moved device 1 of SP-1700000000000-123 from MAC 00:1A:79:12:34:56 to 00:1A:79:AB:CD:EF',
    );
    expect(auditSentence(entry('device.set_top_box', { deviceNumber: 2, kind: 'mag', mac: '00:1A:79:12:34:56' }, { deviceNumber: 2, kind: 'line', mac: null }))).toBe(
      'Made device 2 of SP-1700000000000-123 the set-top box 00:1A:79:12:34:56',
    );
    expect(AUDIT_ACTION_LABELS['device.set_top_box']).toBe('Device made a set-top box');
    expect(auditSentence(entry('device.new_password', { deviceNumber: 1, passwordChanged: true }))).toBe('Gave device 1 of SP-1700000000000-123 a new password');
    expect(auditSentence(entry('device.isp_reset', { deviceNumber: 3, ispLockCleared: true }))).toBe('Reset the ISP lock of device 3 of SP-1700000000000-123');
    expect(auditSentence(entry('device.disable', { deviceNumber: 1, enabled: false }))).toBe('Turned device 1 of SP-1700000000000-123 off');
    expect(auditSentence(entry('device.enable', { deviceNumber: 1, enabled: true }))).toBe('Turned device 1 of SP-1700000000000-123 on');
    expect(auditSentence(entry('subscription.disable_devices', { devicesSuspended: true, devices: [1, 2] }))).toBe('Disabled every device of SP-1700000000000-123');
    expect(auditSentence(entry('subscription.enable_devices', { devicesSuspended: false, devices: [1, 2] }))).toBe('Enabled the devices again of SP-1700000000000-123');
  });

  it("says the store's own suspension of a subscription's lines when its grace period ended", () => {
    expect(auditSentence(entry('subscription.suspend_after_grace', { linesRunning: false, expiredAt: '2026-04-02T09:00:00.000Z', graceDays: 3 }, { linesRunning: true }))).toBe(
      'Suspended the lines of SP-1700000000000-123: its grace period ended',
    );
    expect(AUDIT_ACTION_LABELS['subscription.suspend_after_grace']).toBe('Lines suspended after the grace period');
  });

  it('says what happened to a shipment', () => {
    expect(auditSentence(entry('shipment.update', { status: 'shipped', carrier: 'FedEx', trackingNumber: '1Z999AA10123456784' }, { status: 'processing', carrier: 'UPS', trackingNumber: null }))).toBe(
      'Shipped SP-1700000000000-123, tracking FedEx 1Z999AA10123456784',
    );
    expect(auditSentence(entry('shipment.update', { status: 'shipped' }))).toBe('Shipped SP-1700000000000-123');
    expect(auditSentence(entry('shipment.update', { status: 'delivered', actualDelivery: '2030-01-05T12:00:00.000Z' }))).toBe('Marked SP-1700000000000-123 delivered');
    expect(auditSentence(entry('shipment.update', { status: 'processing', actualDelivery: null }))).toBe('Moved SP-1700000000000-123 back to processing');
    expect(auditSentence(entry('shipment.update', { trackingNumber: '9400100000000000000000' }))).toBe('Changed the tracking number of SP-1700000000000-123 to 9400100000000000000000');
    expect(auditSentence(entry('shipment.update', { estimatedDelivery: '2030-01-05T12:00:00.000Z' }))).toBe('Changed the shipment of SP-1700000000000-123');
  });

  it('says coupon and package changes', () => {
    const coupon = { targetType: 'coupon', targetId: 'SPRING' };
    expect(auditSentence(entry('coupon.create', { code: 'SPRING', type: 'percentage', value: '10.00' }, {}, coupon))).toBe('Created coupon SPRING: 10% off');
    expect(auditSentence(entry('coupon.create', { code: 'SPRING', type: 'fixed', value: '5.00' }, {}, coupon))).toBe('Created coupon SPRING: $5.00 off');
    expect(auditSentence(entry('coupon.update', { isActive: false }, { isActive: true }, coupon))).toBe('Turned coupon SPRING off');
    expect(auditSentence(entry('coupon.win_back', { winBack: 'SPRING' }, { winBack: null }, coupon))).toBe('Chose SPRING as the win-back coupon');
    expect(auditSentence(entry('coupon.win_back', { winBack: null }, { winBack: 'SPRING' }, coupon))).toBe('Chose no win-back coupon');
    // The owner's daily trial budget (decision 0101).
    expect(auditSentence(entry('trial.budget', { dailyBudget: 0 }, { dailyBudget: 50 }, { targetType: 'trial_budget', targetId: 'daily' }))).toBe('Set the daily trial budget from 50 to 0');
    expect(auditSentence(entry('coupon.update', { isActive: true }, { isActive: false }, coupon))).toBe('Turned coupon SPRING on');
    expect(auditSentence(entry('coupon.update', { value: '15.00', usageLimit: 50, validTo: '2030-01-01T00:00:00.000Z' }, { value: '10.00', usageLimit: null, validTo: null }, coupon))).toBe(
      'Changed the value, usage limit and end date of coupon SPRING',
    );

    const pkg = { targetType: 'package', targetId: 'pkg-1m' };
    expect(auditSentence(entry('package.update', { hidden: true }, { hidden: false }, pkg))).toBe('Hid package pkg-1m');
    expect(auditSentence(entry('package.update', { hidden: false }, { hidden: true }, pkg))).toBe('Showed package pkg-1m');
    expect(auditSentence(entry('package.update', { price: '17.49', popular: true }, { price: '15.99', popular: false }, pkg))).toBe(
      "Changed package pkg-1m: price $15.99 → $17.49, marked 'Most Popular'",
    );
    expect(auditSentence(entry('package.update', { name: '1 Month Plus', devices: 2, features: ['a'] }, { name: '1 Month Premium', devices: 4, features: [] }, pkg))).toBe(
      'Changed package 1 Month Plus: renamed from 1 Month Premium, devices 4 → 2, features',
    );
  });

  it("says an admin's sign-in, sign-out and exports, with the export's days", () => {
    const admin = { targetType: 'admin', targetId: '3f0c9f8e-6a1e-4a8e-9f7e-2b1d7c3a9e10' };
    expect(auditSentence(entry('admin.sign_in', { address: '203.0.113.7' }, {}, admin))).toBe('Signed in from 203.0.113.7');
    expect(auditSentence(entry('admin.sign_out', { address: '203.0.113.7' }, {}, admin))).toBe('Signed out from 203.0.113.7');
    const orders = { targetType: 'export', targetId: 'orders' };
    expect(auditSentence(entry('export.download', { address: '203.0.113.7', filters: null }, {}, orders))).toBe('Downloaded the orders CSV');
    expect(auditSentence(entry('export.download', { address: '203.0.113.7', filters: { from: '2030-11-01', to: '2030-11-30' } }, {}, orders))).toBe(
      'Downloaded the orders CSV of 2030-11-01 to 2030-11-30',
    );
    expect(auditSentence(entry('export.download', { filters: { from: '2030-11-01', to: null } }, {}, orders))).toBe('Downloaded the orders CSV from 2030-11-01 on');
    expect(auditSentence(entry('export.download', { filters: { from: null, to: '2030-11-30' } }, {}, { targetType: 'export', targetId: 'customers' }))).toBe(
      'Downloaded the customers CSV up to 2030-11-30',
    );
  });

  it('falls back to what, on which record for an action it does not know', () => {
    expect(auditSentence(entry('order.archive', { archived: true }))).toBe('order.archive on order SP-1700000000000-123');
    expect(auditSentence(entry('admin.rename', {}, {}, { targetType: 'admin', targetId: 'a1' }))).toBe('admin.rename');
  });

  it('says what happened to a staff member, and to the two-factor rule (decision 0098)', () => {
    const admin = { targetType: 'admin', targetId: 'a2' };
    expect(auditSentence(entry('staff.create', { username: 'sam', role: 'support' }, {}, admin))).toBe('Added sam as support');
    expect(auditSentence(entry('staff.update', { role: 'fulfilment', username: 'sam' }, { role: 'support' }, admin))).toBe('Made sam fulfilment');
    expect(auditSentence(entry('staff.update', { disabled: true, username: 'sam' }, { disabled: false }, admin))).toBe('Disabled sam');
    expect(auditSentence(entry('staff.two_factor_rule', { twoFactorRequired: true }, { twoFactorRequired: false }, { targetType: 'staff', targetId: 'two-factor' }))).toBe(
      'Required two-factor sign-in of all staff',
    );
    expect(auditSentence(entry('admin.password_change', { address: '203.0.113.7' }, {}, admin))).toBe('Changed their password');
  });

  it('names every action the log records, for its filter', () => {
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(new Set(Object.values(AUDIT_ACTION_LABELS)).size).toBe(AUDIT_ACTIONS.length);
  });
});

describe("the audit log's sentences name the currency", () => {
  it('says a refund in its order\'s currency, and an older row without one in dollars', () => {
    expect(auditSentence(entry('order.refund', { amount: '5.00', currency: 'EUR', note: 'customer asked' }))).toBe(`Refunded €5.00 of ${ORDER} (customer asked)`);
    expect(auditSentence(entry('order.refund', { amount: '5.00' }))).toBe(`Refunded $5.00 of ${ORDER}`);
  });

  it("says a fixed coupon's value in its currency, and a change of currency", () => {
    const coupon = { targetType: 'coupon', targetId: 'EURO3' };
    expect(auditSentence(entry('coupon.create', { code: 'EURO3', type: 'fixed', value: '3.00', currency: 'EUR' }, {}, coupon))).toBe('Created coupon EURO3: €3.00 off');
    expect(auditSentence(entry('coupon.update', { currency: 'GBP' }, { currency: 'EUR' }, coupon))).toBe('Changed the currency of coupon EURO3');
  });

  it("says a package's prices per currency beside its USD price", () => {
    const pkg = { targetType: 'package', targetId: 'pkg-1m' };
    expect(auditSentence(entry('package.update', { prices: { EUR: '13.99', BRL: null } }, { prices: { EUR: '14.99', BRL: '79.99' } }, pkg))).toBe(
      'Changed package pkg-1m: EUR price €14.99 → €13.99, BRL price R$79.99 → none',
    );
    expect(auditSentence(entry('package.update', { price: '17.49', prices: { GBP: '12.49' } }, { price: '15.99', prices: { GBP: null } }, pkg))).toBe(
      'Changed package pkg-1m: price $15.99 → $17.49, GBP price none → £12.49',
    );
  });

  it("says a lost dispute's loss in its currency", () => {
    expect(auditSentence(entry('order.dispute_lost', { loss: '29.99', fee: '15.00', amount: '14.99', currency: 'eur' }))).toBe(`Lost the dispute of ${ORDER}: €29.99 taken back`);
  });
});
