import type { AuditAction, AuditEntry } from '#contract/admin-audit';
import { formatAmountIn } from './admin-view';

/**
 * An audit entry as the owner reads it: one sentence from its action and its before/after,
 * "Refunded $15.99 of SP-1700000000000-123 (customer asked)". Who did it and when are shown
 * beside it; the raw fields stay in the entry's Details. Pure: no I/O, no React.
 */

type Fields = Record<string, unknown>;
type Entry = Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'before' | 'after'>;

/** The actions' names in the log's filter. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'admin.sign_in': 'Sign-in',
  'admin.sign_out': 'Sign-out',
  'admin.sign_in_refused': 'Sign-in refused',
  'admin.recovery_code_used': 'Recovery code used',
  'admin.two_factor_on': 'Two-factor sign-in turned on',
  'admin.two_factor_off': 'Two-factor sign-in turned off',
  'export.download': 'CSV export',
  'order.refund': 'Refund',
  'order.honour': 'Order completed as it stands',
  'order.retry_provisioning': 'Service setup retried',
  'order.gift_card': 'Gift card delivery',
  'order.create_account': 'Customer account created',
  'order.dispute_open': 'Dispute opened',
  'order.dispute_won': 'Dispute won',
  'order.dispute_lost': 'Dispute lost',
  'order.dispute_evidence': 'Dispute evidence submitted',
  'order.early_fraud_warning': 'Early fraud warning refunded',
  'shipment.update': 'Shipment change',
  'coupon.create': 'Coupon created',
  'coupon.update': 'Coupon change',
  'coupon.win_back': 'Win-back coupon chosen',
  'trial.budget': 'Daily trial budget set',
  'package.update': 'Package change',
  'currency.update': 'Currency on or off',
  'device.rename': 'Device renamed',
  'device.change_mac': 'Set-top box MAC change',
  'device.set_top_box': 'Device made a set-top box',
  'device.new_password': 'Device password changed',
  'device.isp_reset': 'Device ISP lock reset',
  'device.disable': 'Device turned off',
  'device.enable': 'Device turned on',
  'subscription.disable_devices': 'All devices of a subscription disabled',
  'subscription.enable_devices': 'Devices of a subscription enabled again',
  'subscription.suspend_after_grace': 'Lines suspended after the grace period',
  'renewal.retry': 'Automatic renewal retried',
  'renewal.cancel_auto_renew': 'Automatic renewal turned off',
  'renewal.dismiss': 'Failed renewal dismissed',
  'incident.post': 'Incident posted',
  'incident.end': 'Incident ended',
  'incident.compensate': 'Incident compensated',
  'policy.update': 'Policy edited',
  'blocklist.add': 'Blocklist entry added',
  'blocklist.remove': 'Blocklist entry removed',
  'blocklist.refused': 'Blocked buyer refused',
  'staff.create': 'Staff member added',
  'staff.update': 'Staff member changed',
  'staff.two_factor_rule': 'Two-factor rule for staff',
  'admin.password_change': 'Password changed',
  'ticket.update': 'Ticket status or assignee changed',
  'ticket.auto_resolve': 'Ticket resolved after 7 days',
  'ticket.canned_reply': 'Canned reply changed',
  'ticket.settings': 'Support response target changed',
  'subscription.goodwill': 'Goodwill days added',
};

/** A field's text when the entry holds one (a string or a number), else undefined: older rows may lack a field. */
function text(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * An amount of the entry in its currency: the one named beside it (an order's refund, a
 * coupon, a dispute; decision 0105), or `currency`; rows from before currencies were USD.
 */
const money = (fields: Fields, name: string, currency = text(fields, 'currency') ?? 'USD') => {
  const amount = text(fields, name);
  return amount === undefined ? undefined : formatAmountIn(amount, currency);
};

/** 'a', 'a and b', 'a, b and c'. */
function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

const withNote = (sentence: string, note: string | undefined) => (note ? `${sentence} (${note})` : sentence);

function exportSentence({ targetId, after }: Entry): string {
  const range = after.filters && typeof after.filters === 'object' ? (after.filters as Fields) : {};
  const from = text(range, 'from');
  const to = text(range, 'to');
  const days = from && to ? ` of ${from} to ${to}` : from ? ` from ${from} on` : to ? ` up to ${to}` : '';
  return `Downloaded the ${targetId} CSV${days}`;
}

function shipmentSentence({ targetId, after }: Entry): string {
  const tracking = text(after, 'trackingNumber');
  const carrier = text(after, 'carrier');
  switch (after.status) {
    case 'shipped':
      return `Shipped ${targetId}${tracking ? `, tracking ${[carrier, tracking].filter(Boolean).join(' ')}` : ''}`;
    case 'delivered':
      return `Marked ${targetId} delivered`;
    case 'processing':
      return `Moved ${targetId} back to processing`;
    default:
      return tracking ? `Changed the tracking number of ${targetId} to ${tracking}` : `Changed the shipment of ${targetId}`;
  }
}

const COUPON_FIELD_NAMES: Record<string, string> = {
  description: 'description',
  type: 'type',
  value: 'value',
  minOrderAmount: 'minimum order',
  maxDiscount: 'maximum discount',
  currency: 'currency',
  usageLimit: 'usage limit',
  validFrom: 'start date',
  validTo: 'end date',
  isActive: 'on/off',
};

function couponSentence({ action, targetId, after }: Entry): string {
  if (action === 'coupon.create') {
    const value = text(after, 'value');
    const discount = value === undefined ? '' : after.type === 'percentage' ? `: ${Number(value)}% off` : `: ${money(after, 'value')!} off`;
    return `Created coupon ${targetId}${discount}`;
  }
  const fields = Object.keys(after);
  if (fields.length === 1 && typeof after.isActive === 'boolean') return `Turned coupon ${targetId} ${after.isActive ? 'on' : 'off'}`;
  return `Changed the ${list(fields.map((field) => COUPON_FIELD_NAMES[field] ?? field))} of coupon ${targetId}`;
}

const fieldsOf = (value: unknown): Fields => (value && typeof value === 'object' ? (value as Fields) : {});

/** A package's prices in other currencies (decision 0104): 'EUR price €14.99 → €13.99, BRL price R$79.99 → none'. */
function listPriceChanges(before: Fields, after: Fields): string {
  const [was, now] = [fieldsOf(before.prices), fieldsOf(after.prices)];
  return Object.keys(now)
    .map((currency) => `${currency} price ${money(was, currency, currency) ?? 'none'} → ${money(now, currency, currency) ?? 'none'}`)
    .join(', ');
}

function packageChange(field: string, before: Fields, after: Fields): string {
  switch (field) {
    case 'price':
    case 'cashback':
      // The package's own price and its cashback gift card are USD's.
      return `${field} ${money(before, field, 'USD') ?? 'none'} → ${money(after, field, 'USD') ?? 'none'}`;
    case 'prices':
      return listPriceChanges(before, after);
    case 'hidden':
      return after.hidden ? 'hidden' : 'shown';
    case 'popular':
      return after.popular ? "marked 'Most Popular'" : "no longer 'Most Popular'";
    case 'name':
      return `renamed from ${text(before, 'name') ?? 'none'}`;
    case 'devices':
      return `devices ${text(before, 'devices') ?? 'none'} → ${text(after, 'devices') ?? 'none'}`;
    default:
      return field;
  }
}

function packageSentence({ targetId, before, after }: Entry): string {
  const name = text(after, 'name') ?? targetId;
  const fields = Object.keys(after);
  if (fields.length === 1 && typeof after.hidden === 'boolean') return `${after.hidden ? 'Hid' : 'Showed'} package ${name}`;
  return `Changed package ${name}: ${fields.map((field) => packageChange(field, before, after)).join(', ')}`;
}

/** The order given an account at an address; a move from another customer says so, with the old address when recorded. */
function accountSentence({ targetId: orderId, before, after }: Entry): string {
  const email = text(after, 'email');
  if (!email) return `Created an account for ${orderId}`;
  const previous = text(before, 'customerId');
  if (previous === undefined || previous === text(after, 'customerId')) return `Created the account of ${email} for ${orderId}`;
  const previousEmail = text(before, 'email');
  return previousEmail ? `Moved ${orderId} from ${previousEmail} to ${email}` : `Gave ${orderId} to the account of ${email}`;
}

/** A device's change, on its order (decision 0042): "Renamed device 1 of SP-... to Living room TV". */
function deviceSentence({ action, targetId: orderId, before, after }: Entry): string {
  const device = `device ${text(after, 'deviceNumber') ?? '?'} of ${orderId}`;
  switch (action) {
    case 'device.rename': {
      const label = text(after, 'label');
      return label ? `Renamed ${device} to ${label}` : `Took the name off ${device}`;
    }
    case 'device.change_mac':
      return `Moved ${device} from MAC ${text(before, 'mac') ?? 'none'} to ${text(after, 'mac') ?? 'none'}`;
    case 'device.set_top_box':
      return `Made ${device} the set-top box ${text(after, 'mac') ?? '?'}`;
    case 'device.new_password':
      return `Gave ${device} a new password`;
    case 'device.isp_reset':
      return `Reset the ISP lock of ${device}`;
    default:
      return `Turned ${device} ${action === 'device.enable' ? 'on' : 'off'}`;
  }
}

/** An incident of the status page (decision 0094): 'Added 3 days to 12 subscriptions for the incident "Channels down"'. */
function incidentSentence({ action, after }: Entry): string {
  const title = text(after, 'title');
  const incident = title ? `the incident "${title}"` : 'an incident';
  if (action === 'incident.end') return `Ended ${incident}`;
  if (action === 'incident.post') {
    const notified = text(after, 'notifiedCustomers');
    return `Posted ${incident} (${text(after, 'affects') ?? 'all packages'})${notified === undefined ? '' : `, emailing ${notified} customers`}`;
  }
  return `Added ${text(after, 'days') ?? '?'} days to ${text(after, 'subscriptions') ?? '?'} subscriptions for ${incident}`;
}

/** A blocklist change or refusal (decision 0099): 'Refused a checkout: email x@y.com is blocked (chargebacks)'. */
function blocklistSentence({ action, before, after }: Entry): string {
  const fields = action === 'blocklist.remove' ? before : after;
  const entry = `${text(fields, 'kind') ?? 'entry'} ${text(fields, 'value') ?? '?'}`;
  if (action === 'blocklist.add') return withNote(`Blocked ${entry}`, text(after, 'reason'));
  if (action === 'blocklist.remove') return `Removed ${entry} from the blocklist`;
  return withNote(`Refused a ${(text(after, 'flow') ?? 'request').replaceAll('_', ' ')}: ${entry} is blocked`, text(after, 'reason'));
}

/** A staff change (decision 0098): 'Added sam as support', 'Made sam fulfilment', 'Disabled sam'. */
function staffSentence({ action, after }: Entry): string {
  const username = text(after, 'username') ?? 'a staff member';
  if (action === 'staff.create') return `Added ${username} as ${text(after, 'role') ?? 'staff'}`;
  if (action === 'staff.two_factor_rule') return after.twoFactorRequired === true ? 'Required two-factor sign-in of all staff' : 'Stopped requiring two-factor sign-in of staff';
  const changes = [];
  if (after.role !== undefined) changes.push(`Made ${username} ${text(after, 'role')}`);
  if (after.disabled !== undefined) changes.push(`${after.disabled === true ? 'Disabled' : 'Enabled'} ${username}`);
  return changes.join('; ') || `Changed ${username}`;
}

/** Today's rendering, for an action this page does not know: what, on which record. */
const fallback = ({ action, targetType, targetId }: Entry) => (targetType === 'admin' ? action : `${action} on ${targetType} ${targetId}`);

/** One sentence per entry, a case per action. */
export function auditSentence(entry: Entry): string {
  const { targetId: orderId, after } = entry;
  switch (entry.action as AuditAction) {
    case 'admin.sign_in':
    case 'admin.sign_out': {
      const address = text(after, 'address');
      return `${entry.action === 'admin.sign_in' ? 'Signed in' : 'Signed out'}${address ? ` from ${address}` : ''}`;
    }
    case 'admin.sign_in_refused': {
      const address = text(after, 'address');
      const reason = text(after, 'reason') === 'wrong_code' ? 'wrong authentication code' : 'wrong password';
      return `Sign-in refused (${reason})${address ? ` from ${address}` : ''}`;
    }
    case 'admin.recovery_code_used': {
      const left = text(after, 'recoveryCodesLeft');
      return `Signed in with a recovery code${left === undefined ? '' : `, ${left} left`}`;
    }
    case 'admin.two_factor_on':
      return 'Turned two-factor sign-in on';
    case 'admin.two_factor_off':
      return 'Turned two-factor sign-in off';
    case 'export.download':
      return exportSentence(entry);
    case 'order.refund': {
      const amount = money(after, 'amount');
      return withNote(amount ? `Refunded ${amount} of ${orderId}` : `Refunded ${orderId}`, text(after, 'note'));
    }
    case 'order.honour': {
      const coupon = text(after, 'couponCounted');
      return `Completed ${orderId} as it stands${coupon ? `, counting a use of coupon ${coupon}` : ''}`;
    }
    case 'order.retry_provisioning':
      return `Retried setting up the service of ${orderId}`;
    case 'order.gift_card':
      return `Marked the gift card of ${orderId} ${after.giftCardDelivered === false ? 'not delivered' : 'delivered'}`;
    case 'order.create_account':
      return accountSentence(entry);
    case 'shipment.update':
      return shipmentSentence(entry);
    case 'coupon.create':
    case 'coupon.update':
      return couponSentence(entry);
    case 'coupon.win_back':
    {
      const code = text(after, 'winBack');
      return code ? `Chose ${code} as the win-back coupon` : 'Chose no win-back coupon';
    }
    case 'trial.budget':
      return `Set the daily trial budget from ${text(entry.before, 'dailyBudget') ?? '?'} to ${text(after, 'dailyBudget') ?? '?'}`;
    case 'package.update':
      return packageSentence(entry);
    case 'currency.update':
      return `Turned ${entry.targetId} ${entry.after.enabled === false ? 'off' : 'on'}`;
    case 'device.rename':
    case 'device.change_mac':
    case 'device.set_top_box':
    case 'device.new_password':
    case 'device.isp_reset':
    case 'device.disable':
    case 'device.enable':
      return deviceSentence(entry);
    case 'subscription.disable_devices':
    case 'subscription.enable_devices':
      return `${entry.action === 'subscription.disable_devices' ? 'Disabled every device' : 'Enabled the devices again'} of ${orderId}`;
    case 'subscription.suspend_after_grace':
      return `Suspended the lines of ${orderId}: its grace period ended`;
    case 'order.dispute_open':
      return `The bank opened a dispute of ${orderId} (${text(entry.after, 'reason') ?? 'no reason given'}): its lines are off`;
    case 'order.dispute_won':
      return `Won the dispute of ${orderId}: its lines run again`;
    case 'order.dispute_lost':
      return `Lost the dispute of ${orderId}: ${money(entry.after, 'loss') ?? 'the amount and fee'} taken back`;
    case 'order.dispute_evidence':
      return `Submitted the evidence for the dispute of ${orderId}`;
    case 'order.early_fraud_warning':
      return `Refunded ${orderId} in full on an early fraud warning and blocked its card and email`;
    case 'renewal.retry':
      return `Retried the automatic renewal charge of ${orderId}`;
    case 'renewal.cancel_auto_renew':
      return `Turned off the automatic renewal of ${orderId}`;
    case 'renewal.dismiss':
      return `Dismissed the failed automatic renewal of ${orderId}`;
    case 'incident.post':
    case 'incident.end':
    case 'incident.compensate':
      return incidentSentence(entry);
    case 'policy.update':
      return `Edited the ${entry.targetId} policy: version ${text(entry.before, 'version') ?? '?'} to ${text(entry.after, 'version') ?? '?'}`;
    case 'blocklist.add':
    case 'blocklist.remove':
    case 'blocklist.refused':
      return blocklistSentence(entry);
    case 'staff.create':
    case 'staff.update':
    case 'staff.two_factor_rule':
      return staffSentence(entry);
    case 'admin.password_change':
      return 'Changed their password';
    default:
      return fallback(entry);
  }
}
