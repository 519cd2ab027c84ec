import { and, eq, inArray } from 'drizzle-orm';
import type { AuditAction } from '#contract/admin-audit';
import {
  ALREADY_A_SET_TOP_BOX,
  DEVICE_NOT_FOUND,
  DEVICE_PANEL_FAILED,
  DEVICE_REFUSALS,
  deviceLimitMessage,
  MAC_IN_USE,
  NOT_A_SET_TOP_BOX,
  type DeviceChangeRequest,
  type DeviceStatus,
  type DevicePasswordResponse,
  type SubscriptionDevicesResponse,
} from '#contract/devices';
import { SUBSCRIPTION_NOT_FOUND, type DeviceCredential } from '#contract/subscriptions';
import { isExpired } from '#domain/subscription-status';
import type { Db, DbOrTx } from '#server/db/connect';
import type { AuditActor, CustomerActor } from '#domain/actors';
import { enforceAttemptLimits, refundAttempt, type AttemptLimit } from '#server/lib/attempt-limits';
import { conflict, notFound, providerFailed } from '#domain/errors';
import type { Clock } from '#server/lib/clock';
import { createTurns } from '#server/lib/take-turns';
import { MacTakenError, newLinePassword, newLineUsername, type PanelDevice, type ProvisioningProvider } from '#server/providers/provisioning/index';
import { claimBoxes, dropDeviceClaim, dropReservedClaim } from './box-claims';
import { deviceView, type DeviceRow } from './device-view';
import { deviceCredentials, subscriptions } from './schema';
import { isUuid } from '#domain/record-id';

/**
 * The devices of a subscription in their owner's hands, and the store owner's (decision
 * 0042): live status from the provider, rename, new password, ISP lock reset, off and on,
 * a set-top box's MAC. Each change is made on the provider first and handed back as a
 * PanelChange, which the device-actions workflow records with its audit rows in one
 * transaction of its own (decision 0088: the workflow holds the transaction, this feature
 * never calls up); a provider that fails changes nothing here.
 */

/** Who acts: the device's owner (their devices only, limited, refused on a suspended subscription) or an administrator. */
export type DeviceActor = { kind: 'customer'; customer: CustomerActor } | { kind: 'admin'; admin: AuditActor };

const DAY_MS = 24 * 60 * 60_000;
/** How long a MAC change may wait on the panel while it holds the new MAC; a crash mid-change frees it after this. */
const MAC_CHANGE_HOLD_MS = 10 * 60_000;

/** Each action's allowance per customer account a day; a real owner stays far below them. */
const DEVICE_LIMITS = {
  password: { max: 10, windowMs: DAY_MS, what: 'password changes' },
  ispReset: { max: 10, windowMs: DAY_MS, what: 'ISP lock resets' },
  power: { max: 30, windowMs: DAY_MS, what: 'devices turned off or on' },
  rename: { max: 30, windowMs: DAY_MS, what: 'device changes' },
} as const;
type LimitName = keyof typeof DEVICE_LIMITS;

/** Each login plays on one device at a time (as provisioning makes them). */
const CONNECTIONS_PER_LINE = 1;

interface FoundDevice {
  device: DeviceRow;
  subscription: typeof subscriptions.$inferSelect;
}

/** A device that was changed passed changeableDevice, so its subscription runs: it is listed active. */
const changedView = (row: DeviceRow, found: FoundDevice): DeviceCredential => deviceView(row, found.subscription.xtreamUrl, true);

export const panelDevice = (device: DeviceRow): PanelDevice => ({ username: device.xtreamUsername, lineId: device.panelLineId, magId: device.panelMagId });

/** The subscription states in which its devices cannot be changed, and why; null when they can. */
function refusalOf(subscription: FoundDevice['subscription'], actor: DeviceActor, now: Date): string | null {
  if (subscription.status === 'cancelled') return DEVICE_REFUSALS.cancelled;
  if (subscription.status === 'pending_activation') return DEVICE_REFUSALS.pending_activation;
  if (subscription.status === 'expired' || isExpired(subscription.expirationDate, now)) return DEVICE_REFUSALS.expired;
  if ((subscription.devicesSuspendedAt || subscription.disputeSuspendedAt) && actor.kind === 'customer') return DEVICE_REFUSALS.suspended;
  return null;
}

/** One change to a device or a subscription's devices, as its audit row says it; never a password. */
export interface DeviceAction {
  action: AuditAction;
  /** The device's changes are listed with its order's (the order's detail shows them). */
  orderId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * A change the panel has made, for the device-actions workflow to record (decision 0088):
 * `record` writes the store's rows in the workflow's transaction and says what its audit rows
 * say; `abandon` undoes on the panel what a change that could not be recorded left there;
 * `settle` tidies the panel, best effort, once the record committed.
 */
export interface PanelChange<T> {
  record(tx: DbOrTx): Promise<{ answer: T; actions: DeviceAction[] }>;
  abandon?: () => Promise<void>;
  settle?: () => Promise<void>;
}

/** A panel change, or the answer as it stands when there is nothing to change or record (a repeated request). */
export type DeviceChange<T> = PanelChange<T> | { unchanged: T };

export interface DevicesDeps {
  db: Db;
  provider: ProvisioningProvider;
  clock: Clock;
}

export function createDevices({ db, provider, clock }: DevicesDeps) {
  const demo = provider.kind === 'generator';
  /** Changes to one device in this process go one at a time, so the provider and the row end up agreeing. */
  const inTurn = createTurns<string>();

  /** The device, if it exists and (for a customer) is theirs: 404 alike otherwise. */
  async function findDevice(deviceId: string, actor: DeviceActor): Promise<FoundDevice> {
    const owner = actor.kind === 'customer' ? eq(subscriptions.customerId, actor.customer.id) : undefined;
    const [found] = isUuid(deviceId)
      ? await db
          .select({ device: deviceCredentials, subscription: subscriptions })
          .from(deviceCredentials)
          .innerJoin(subscriptions, eq(subscriptions.id, deviceCredentials.subscriptionId))
          .where(and(eq(deviceCredentials.id, deviceId), owner))
          .limit(1)
      : [];
    if (!found) throw notFound(DEVICE_NOT_FOUND);
    return found;
  }

  /** The device, refused (409) when its subscription is not running or no longer covers it. */
  async function changeableDevice(deviceId: string, actor: DeviceActor): Promise<FoundDevice> {
    const found = await findDevice(deviceId, actor);
    const refusal = refusalOf(found.subscription, actor, clock.now());
    if (refusal) throw conflict(refusal);
    if (!found.device.isActive) throw conflict(DEVICE_REFUSALS.removed);
    return found;
  }

  const limitKey = (name: LimitName, customerId: string) => `device-${name}:customer:${customerId}`;

  /** Counts the customer's action against its limit (429 past it); an administrator is not limited. */
  async function countAttempt(name: LimitName, actor: DeviceActor): Promise<AttemptLimit | null> {
    if (actor.kind !== 'customer') return null;
    const { what, ...window } = DEVICE_LIMITS[name];
    const limit = { key: limitKey(name, actor.customer.id), ...window };
    await enforceAttemptLimits(db, [limit], (minutes) => deviceLimitMessage(what, minutes));
    return limit;
  }

  /** Calls the provider; a failure gives the attempt back and answers 502 (the provider's error kept as the cause, for the log). */
  async function onProvider(limit: AttemptLimit | null, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (limit) await refundAttempt(db, limit.key);
      if (error instanceof MacTakenError) throw conflict(MAC_IN_USE);
      throw providerFailed(DEVICE_PANEL_FAILED, error);
    }
  }

  /** One device's change as its audit row says it, listed with its order's changes. */
  const actionOn = (found: FoundDevice, action: AuditAction, before: Record<string, unknown>, after: Record<string, unknown>): DeviceAction => ({
    action,
    orderId: found.subscription.orderId,
    before: { deviceNumber: found.device.deviceNumber, ...before },
    after: { deviceNumber: found.device.deviceNumber, ...after },
  });

  async function updateDevice(tx: DbOrTx, deviceId: string, changes: Partial<Pick<DeviceRow, 'label' | 'mac' | 'enabled' | 'xtreamPassword'>>): Promise<DeviceRow> {
    const [row] = await tx
      .update(deviceCredentials)
      .set({ ...changes, updatedAt: clock.now() })
      .where(eq(deviceCredentials.id, deviceId))
      .returning();
    return row!;
  }

  /** Claims a MAC for a device while its change is under way (the panel may take a while), held by the device once recorded. */
  async function claimForChange(device: DeviceRow, orderId: string, mac: string): Promise<void> {
    const now = clock.now();
    await db.transaction((tx) => claimBoxes(tx, [mac], { orderId, deviceId: device.id, heldUntil: new Date(now.getTime() + MAC_CHANGE_HOLD_MS) }, now));
  }

  return {
    /** A device's turn: the device-actions workflow holds it from the panel's call to the record's commit. */
    inTurn,

    /** GET .../status: the device as the provider sees it now; `available: false` when it did not answer in time. */
    async status(deviceId: string, actor: DeviceActor): Promise<DeviceStatus> {
      const { device } = await findDevice(deviceId, actor);
      try {
        const live = await provider.deviceStatus(panelDevice(device));
        return {
          available: true,
          online: live.activeConnections > 0,
          activeConnections: live.activeConnections,
          maxConnections: live.maxConnections,
          // The demo's memory starts afresh with the process; the store's row is what it knows for sure.
          enabled: demo ? device.enabled : live.enabled,
          lastSeenAt: live.lastSeenAt?.toISOString() ?? null,
          demo,
        };
      } catch {
        return { available: false, online: null, activeConnections: null, maxConnections: CONNECTIONS_PER_LINE, enabled: device.enabled, lastSeenAt: null, demo };
      }
    },

    /** PATCH: a new label (the store's alone) and, for a set-top box, a new MAC address (edit_mag). */
    async changeOnPanel(deviceId: string, changes: DeviceChangeRequest, actor: DeviceActor): Promise<PanelChange<DeviceCredential>> {
      const found = await changeableDevice(deviceId, actor);
      const { device } = found;
      const mac = changes.mac !== undefined && changes.mac !== device.mac ? changes.mac : undefined;
      if (changes.mac !== undefined && device.kind !== 'mag') throw conflict(NOT_A_SET_TOP_BOX);
      // The new MAC is claimed before the panel is asked, so of two owners changing to one
      // box at once only one gets it (decision 0073); a change that fails lets it go.
      if (mac) await claimForChange(device, found.subscription.orderId, mac);
      try {
        const limit = await countAttempt('rename', actor);
        if (mac) await onProvider(limit, () => provider.changeMac(panelDevice(device), mac));
      } catch (error) {
        if (mac) await dropDeviceClaim(db, mac, device.id);
        throw error;
      }
      return {
        async record(tx) {
          const label = changes.label === undefined ? device.label : changes.label;
          const row = await updateDevice(tx, device.id, { label, mac: mac ?? device.mac });
          if (mac) {
            await claimBoxes(tx, [mac], { orderId: found.subscription.orderId, deviceId: device.id, heldUntil: null }, clock.now());
            if (device.mac) await dropDeviceClaim(tx, device.mac, device.id);
          }
          const actions = [
            ...(label !== device.label ? [actionOn(found, 'device.rename', { label: device.label }, { label })] : []),
            ...(mac ? [actionOn(found, 'device.change_mac', { mac: device.mac }, { mac })] : []),
          ];
          return { answer: changedView(row, found), actions };
        },
      };
    },

    /**
     * POST .../set-top-box: the owner's line device becomes a set-top box known by `mac`
     * (create_mag: a MAG device with a line of its own), recorded as a box with that line's
     * credentials, and the old line is deleted, so its username and password stop working. A
     * device that is already this box answers as it is (a retry after the answer was lost).
     */
    async setTopBoxOnPanel(deviceId: string, mac: string, actor: DeviceActor): Promise<DeviceChange<DeviceCredential>> {
      const found = await changeableDevice(deviceId, actor);
      const { device, subscription } = found;
      if (device.kind === 'mag') {
        if (device.mac === mac) return { unchanged: changedView(device, found) };
        throw conflict(ALREADY_A_SET_TOP_BOX);
      }
      // Decision 0073, as a MAC change does it: the MAC is claimed (held 10 minutes) before the
      // panel is asked, so of two owners naming one box only one gets it; a panel that refuses
      // lets it go at once, and a crash before the box is recorded lets it lapse after the
      // hold. The store records the box only once the panel made it, so it never lists a box
      // the panel does not know; a box the panel made for a change that could not be recorded
      // is turned off (abandon), as provisioning discards lines nobody will use.
      await claimForChange(device, subscription.orderId, mac);
      const line = { username: newLineUsername(), password: newLinePassword(), maxConnections: CONNECTIONS_PER_LINE, expiresAt: subscription.expirationDate };
      let made: { lineId: string | null; magId: string | null } = { lineId: null, magId: null };
      try {
        const limit = await countAttempt('rename', actor);
        await onProvider(limit, async () => {
          made = await provider.createBox({ ...line, mac });
        });
      } catch (error) {
        await dropReservedClaim(db, mac, device.id);
        throw error;
      }
      return {
        async record(tx) {
          const [row] = await tx
            .update(deviceCredentials)
            .set({ kind: 'mag', mac, panelMagId: made.magId, panelLineId: made.lineId, xtreamUsername: line.username, xtreamPassword: line.password, enabled: true, updatedAt: clock.now() })
            .where(and(eq(deviceCredentials.id, device.id), eq(deviceCredentials.kind, 'line')))
            .returning();
          // Another instance recorded this device's change first.
          if (!row) throw conflict(ALREADY_A_SET_TOP_BOX);
          await claimBoxes(tx, [mac], { orderId: subscription.orderId, deviceId: device.id, heldUntil: null }, clock.now());
          // The subscription keeps its first device's login (the order's emails read it).
          await tx
            .update(subscriptions)
            .set({ xtreamUsername: line.username, xtreamPassword: line.password, updatedAt: clock.now() })
            .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.xtreamUsername, device.xtreamUsername)));
          return { answer: changedView(row, found), actions: [actionOn(found, 'device.set_top_box', { kind: 'line', mac: null }, { kind: 'mag', mac })] };
        },
        async abandon() {
          await provider.setEnabled({ username: line.username, ...made }, false).catch(() => {});
          await dropReservedClaim(db, mac, device.id);
        },
        // Best effort: an old line the panel kept stops at this expiry, as renewals extend only the lines the store knows.
        settle: () => provider.removeLine(panelDevice(device)).catch(() => {}),
      };
    },

    /** POST .../password: a new strong password made here and sent to the provider (edit_line); the old one stops working. */
    async newPasswordOnPanel(deviceId: string, actor: DeviceActor): Promise<PanelChange<DevicePasswordResponse>> {
      const found = await changeableDevice(deviceId, actor);
      const { device } = found;
      const limit = await countAttempt('password', actor);
      const password = newLinePassword();
      await onProvider(limit, () => provider.changePassword(panelDevice(device), password));
      return {
        async record(tx) {
          await updateDevice(tx, device.id, { xtreamPassword: password });
          // The subscription keeps its first device's login too (the order's emails read it).
          await tx
            .update(subscriptions)
            .set({ xtreamPassword: password, updatedAt: clock.now() })
            .where(and(eq(subscriptions.id, found.subscription.id), eq(subscriptions.xtreamUsername, device.xtreamUsername)));
          return { answer: { xtreamUsername: device.xtreamUsername, xtreamPassword: password }, actions: [actionOn(found, 'device.new_password', {}, { passwordChanged: true })] };
        },
      };
    },

    /** POST .../isp-reset: the line plays from a new connection (edit_line isp_clear); the store keeps no row of it but the audit's. */
    async ispResetOnPanel(deviceId: string, actor: DeviceActor): Promise<PanelChange<DeviceCredential>> {
      const found = await changeableDevice(deviceId, actor);
      const limit = await countAttempt('ispReset', actor);
      await onProvider(limit, () => provider.clearIspLock(panelDevice(found.device)));
      return {
        record: async () => ({ answer: changedView(found.device, found), actions: [actionOn(found, 'device.isp_reset', {}, { ispLockCleared: true })] }),
      };
    },

    /** POST .../disable and .../enable: this device only; nothing is freed and nothing else stops. */
    async setEnabledOnPanel(deviceId: string, enabled: boolean, actor: DeviceActor): Promise<PanelChange<DeviceCredential>> {
      const found = await changeableDevice(deviceId, actor);
      const limit = await countAttempt('power', actor);
      await onProvider(limit, () => provider.setEnabled(panelDevice(found.device), enabled));
      return {
        async record(tx) {
          const row = await updateDevice(tx, found.device.id, { enabled });
          const before = found.device.enabled;
          const actions = enabled !== before ? [actionOn(found, enabled ? 'device.enable' : 'device.disable', { enabled: before }, { enabled })] : [];
          return { answer: changedView(row, found), actions };
        },
      };
    },

    /**
     * The owner's "disable all devices of this subscription" (abuse), or lifting it: every
     * device of it turned off (or on) on the provider, and while suspended its customer
     * cannot turn them on. Safe to repeat: a run stopped by a failing provider is run again.
     * Each device takes its turn for its own call to the panel.
     */
    async suspensionOnPanel(subscriptionId: string, suspended: boolean): Promise<PanelChange<SubscriptionDevicesResponse>> {
      const [subscription] = isUuid(subscriptionId) ? await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)) : [];
      if (!subscription) throw notFound(SUBSCRIPTION_NOT_FOUND);
      const devices = await db
        .select()
        .from(deviceCredentials)
        .where(and(eq(deviceCredentials.subscriptionId, subscriptionId), eq(deviceCredentials.isActive, true)));
      const changing = devices.filter((device) => device.enabled !== !suspended);
      for (const device of changing) {
        await inTurn(device.id, () => onProvider(null, () => provider.setEnabled(panelDevice(device), !suspended)));
      }
      return {
        async record(tx) {
          const now = clock.now();
          if (changing.length > 0) {
            await tx
              .update(deviceCredentials)
              .set({ enabled: !suspended, updatedAt: now })
              .where(inArray(deviceCredentials.id, changing.map((device) => device.id)));
          }
          await tx
            .update(subscriptions)
            .set({ devicesSuspendedAt: suspended ? (subscription.devicesSuspendedAt ?? now) : null, updatedAt: now })
            .where(eq(subscriptions.id, subscriptionId));
          const action: DeviceAction = {
            action: suspended ? 'subscription.disable_devices' : 'subscription.enable_devices',
            orderId: subscription.orderId,
            before: { devicesSuspended: subscription.devicesSuspendedAt !== null },
            after: { devicesSuspended: suspended, devices: changing.map((device) => device.deviceNumber) },
          };
          return { answer: { subscriptionId, suspended, changed: changing.length }, actions: [action] };
        },
      };
    },

    /**
     * For checkout, in the order's transaction: reserves its set-top boxes for `holdMs` (its
     * payment window), or refuses (409) a MAC another buyer's order or a running subscription
     * holds, before anyone pays (decision 0073).
     */
    reserveBoxes(tx: DbOrTx, order: { id: string; email: string }, macs: readonly string[], holdMs: number): Promise<void> {
      const now = clock.now();
      return claimBoxes(tx, macs, { orderId: order.id, buyerEmail: order.email, heldUntil: new Date(now.getTime() + holdMs) }, now);
    },
  };
}
