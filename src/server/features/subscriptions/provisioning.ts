import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { SUBSCRIPTION_CANCELLED } from '#contract/admin-orders';
import { MAX_DEVICES, MIN_DEVICES } from '#domain/catalog';
import { addDuration, renewedExpiry, type PackageDuration } from '#domain/subscription-status';
import type { Db, DbOrTx } from '#server/db/connect';
import { packages } from './packages';
import { deviceCredentials, subscriptions } from './schema';
import type { Clock } from '#server/lib/clock';
import { graceEnd } from '#domain/renewal-milestones';
import { giveBoxesToDevices } from './box-claims';
import {
  LineUsernameTakenError,
  newLinePassword,
  newLineUsername,
  type ProvisioningProvider,
} from '#server/providers/provisioning/index';

/**
 * The subscriptions' part of turning a paid order into streaming service (decision 0009):
 * the panel's lines, made before their credentials are written and discarded when not
 * used, and the writes of a new subscription or a renewal, in the transaction of
 * workflows/provisioning.ts, which locks and marks the order (decision 0084). Every step
 * can run again, or twice at once, with the same result: a new order is applied once
 * through subscriptions.order_id being unique, a renewal once through orders.fulfilled_at.
 */

export interface ProvisioningDeps {
  db: Db;
  provider: ProvisioningProvider;
  /** The server address shown with the credentials (XTREAM_SERVER_URL). */
  xtreamUrl: string;
  clock: Clock;
  /** GRACE_DAYS: how long a lapsed paid subscription's lines run on (decision 0046). */
  graceDays: number;
}

/** A paid order as provisioning reads it (the orders feature's row has these). */
export interface PaidOrder {
  id: string;
  customerId: string;
  deviceCount: string;
  setTopBoxMacs: string[];
}

/** The package an order bought, as provisioning reads it (the catalog's row has these). */
export interface BoughtPackage {
  id: string;
  durationUnit: PackageDuration['unit'];
  durationValue: number;
  requiresShipping: boolean;
}

/** Each login plays on one device at a time. */
const CONNECTIONS_PER_LINE = 1;
const deviceName = (deviceNumber: number) => `Device ${deviceNumber}`;

export interface NewLine {
  deviceNumber: number;
  username: string;
  password: string;
  lineId: string | null;
  /** A set-top box's MAC address and its id on the panel; null for a line. */
  mac: string | null;
  magId: string | null;
}

function durationOf(pkg: BoughtPackage): PackageDuration {
  return { unit: pkg.durationUnit, value: pkg.durationValue };
}

function deviceCountOf(order: PaidOrder): number {
  const count = Number(order.deviceCount);
  if (!Number.isInteger(count) || count < MIN_DEVICES || count > MAX_DEVICES) {
    throw new Error(`Order ${order.id} has an invalid device count: ${order.deviceCount}`);
  }
  return count;
}

export function createProvisioning({ db, provider, xtreamUrl, clock, graceDays }: ProvisioningDeps) {
  const usesPanel = provider.kind !== 'generator';

  /**
   * One line on the provider, or a set-top box when given its MAC (decision 0042); a
   * username the panel already knows is drawn again.
   */
  async function createLine(deviceNumber: number, expiresAt: Date, mac: string | null = null): Promise<NewLine> {
    for (let attempt = 1; ; attempt++) {
      const line = { username: newLineUsername(), password: newLinePassword(), maxConnections: CONNECTIONS_PER_LINE, expiresAt };
      try {
        const made = mac ? await provider.createBox({ ...line, mac }) : { ...(await provider.createLine(line)), magId: null };
        return { deviceNumber, username: line.username, password: line.password, lineId: made.lineId, mac, magId: made.magId };
      } catch (error) {
        if (!(error instanceof LineUsernameTakenError) || attempt >= 3) throw error;
      }
    }
  }

  /**
   * Lines for devices first..last, made before their credentials are shown to anyone; the
   * first devices are the order's set-top boxes, one per MAC in `boxMacs`.
   */
  async function createLines(first: number, last: number, expiresAt: Date, boxMacs: readonly string[] = []): Promise<NewLine[]> {
    const made: NewLine[] = [];
    try {
      for (let n = first; n <= last; n++) made.push(await createLine(n, expiresAt, boxMacs[n - 1] ?? null));
    } catch (error) {
      await discardLines(made);
      throw error;
    }
    return made;
  }

  /** Stops lines nobody will use (another run won the race); best effort, they expire anyway. */
  async function discardLines(lines: NewLine[]): Promise<void> {
    for (const line of lines) {
      if (line.magId) await provider.setEnabled({ username: line.username, lineId: line.lineId, magId: line.magId }, false).catch(() => {});
      else if (line.lineId) await provider.disableLine(line.lineId).catch(() => {});
    }
  }

  /**
   * Until when the panel runs a subscription's lines, null when it must not: its expiry
   * while it runs, the end of its grace period once lapsed (decision 0046), never once
   * suspended, refunded, cancelled or disputed (decision 0100).
   */
  function panelExpiryOf(subscription: { status: string; expirationDate: Date; graceSuspendedAt: Date | null; disputeSuspendedAt: Date | null }): Date | null {
    if (subscription.status === SUBSCRIPTION_CANCELLED || subscription.disputeSuspendedAt !== null) return null;
    if (subscription.status !== 'expired') return subscription.expirationDate;
    const until = graceEnd(subscription.expirationDate, graceDays);
    return subscription.graceSuspendedAt === null && until.getTime() > clock.now().getTime() ? until : null;
  }

  /**
   * Brings the panel in line with the database: active devices of a live subscription are
   * enabled until its expiry, every other line is disabled, and an active device without a
   * line (made before a panel was configured) gets one. Safe to repeat.
   */
  async function syncLines(subscriptionId: string): Promise<void> {
    if (!usesPanel) return;
    const [subscription] = await db
      .select({
        status: subscriptions.status,
        expirationDate: subscriptions.expirationDate,
        graceSuspendedAt: subscriptions.graceSuspendedAt,
        disputeSuspendedAt: subscriptions.disputeSuspendedAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    if (!subscription) return;
    const linesUntil = panelExpiryOf(subscription);
    const live = linesUntil !== null;
    const credentials = await db.select().from(deviceCredentials).where(eq(deviceCredentials.subscriptionId, subscriptionId));
    for (const credential of credentials) {
      const wanted = live && credential.isActive;
      if (credential.panelLineId) {
        // A line its owner turned off stays off; a box is turned off through its MAG device, so its line runs on.
        if (wanted) await provider.extendLine(credential.panelLineId, linesUntil, { enable: credential.enabled || credential.kind === 'mag' });
        else await provider.disableLine(credential.panelLineId);
      } else if (wanted) {
        const { lineId } = await provider.createLine({
          username: credential.xtreamUsername,
          password: credential.xtreamPassword,
          maxConnections: CONNECTIONS_PER_LINE,
          expiresAt: linesUntil,
        });
        await db
          .update(deviceCredentials)
          .set({ panelLineId: lineId, updatedAt: sql`now()` })
          .where(and(eq(deviceCredentials.id, credential.id), isNull(deviceCredentials.panelLineId)));
      }
    }
  }

  /** Runs the subscription's wanted lines on to `until` (the end of its grace period); safe to repeat. */
  async function extendLinesUntil(subscriptionId: string, until: Date): Promise<void> {
    if (!usesPanel) return;
    const credentials = await db.select().from(deviceCredentials).where(eq(deviceCredentials.subscriptionId, subscriptionId));
    for (const credential of credentials) {
      if (credential.panelLineId && credential.isActive) {
        await provider.extendLine(credential.panelLineId, until, { enable: credential.enabled || credential.kind === 'mag' });
      }
    }
  }

  /** Disables every line of a subscription (expiry); safe to repeat. */
  async function disableLines(subscriptionId: string): Promise<void> {
    if (!usesPanel) return;
    const lines = await db
      .select({ lineId: deviceCredentials.panelLineId })
      .from(deviceCredentials)
      .where(eq(deviceCredentials.subscriptionId, subscriptionId));
    for (const { lineId } of lines) if (lineId) await provider.disableLine(lineId);
  }

  async function subscriptionOfOrder(orderId: string): Promise<string | null> {
    const [row] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.orderId, orderId));
    return row?.id ?? null;
  }

  /** A new order's lines, one per device (its set-top boxes first), made before anyone sees their credentials. */
  async function newSubscriptionLines(order: PaidOrder, pkg: BoughtPackage): Promise<NewSubscriptionPlan> {
    const devices = deviceCountOf(order);
    const now = clock.now();
    // A box's clock starts at activation; until then this expiry is provisional.
    const expiresAt = addDuration(now, durationOf(pkg));
    const lines = await createLines(1, devices, expiresAt, order.setTopBoxMacs);
    return { lines, now, expiresAt, devices, awaitsActivation: pkg.requiresShipping };
  }

  /**
   * In the workflow's transaction, the order locked: the new subscription with one credential
   * per device, the boxes the order reserved given to its devices. Null when a run that got
   * here first holds the order's one subscription (order_id is unique): nothing is written.
   */
  async function writeNewSubscription(tx: DbOrTx, order: PaidOrder, pkg: BoughtPackage, plan: NewSubscriptionPlan): Promise<string | null> {
    const { lines, now, expiresAt, devices, awaitsActivation } = plan;
    const [created] = await tx
      .insert(subscriptions)
      .values({
        customerId: order.customerId,
        packageId: pkg.id,
        orderId: order.id,
        xtreamUsername: lines[0]!.username,
        xtreamPassword: lines[0]!.password,
        xtreamUrl,
        deviceCount: devices,
        status: awaitsActivation ? 'pending_activation' : 'active',
        startDate: awaitsActivation ? null : now,
        expirationDate: expiresAt,
      })
      .onConflictDoNothing({ target: subscriptions.orderId })
      .returning({ id: subscriptions.id });
    if (!created) return null;
    const made = await tx
      .insert(deviceCredentials)
      .values(
        lines.map((line) => ({
          subscriptionId: created.id,
          deviceNumber: line.deviceNumber,
          deviceName: deviceName(line.deviceNumber),
          xtreamUsername: line.username,
          xtreamPassword: line.password,
          panelLineId: line.lineId,
          ...(line.mac ? { kind: 'mag' as const, mac: line.mac, panelMagId: line.magId } : {}),
        })),
      )
      .returning({ id: deviceCredentials.id, mac: deviceCredentials.mac });
    // The boxes the order reserved at checkout are the devices' from now on (decision 0073).
    await giveBoxesToDevices(tx, order.id, made, now);
    return created.id;
  }

  /**
   * A renewal's lines for the devices it adds, made before the renewal is written; the
   * subscription must be the buyer's. Its saved card names the payment on the receipt.
   */
  async function renewalLines(order: PaidOrder, pkg: BoughtPackage, subscriptionId: string): Promise<RenewalPlan> {
    const [current] = await db
      .select({ customerId: subscriptions.customerId, expirationDate: subscriptions.expirationDate, savedCardId: subscriptions.savedCardId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    if (!current) throw new Error(`Order ${order.id} renews subscription ${subscriptionId}, which does not exist`);
    if (current.customerId !== order.customerId) throw new Error(`Order ${order.id} renews a subscription of another customer`);
    const devices = deviceCountOf(order);
    const now = clock.now();
    const [{ count: known }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(deviceCredentials)
      .where(eq(deviceCredentials.subscriptionId, subscriptionId))) as [{ count: number }];
    const lines = devices > known ? await createLines(known + 1, devices, renewedExpiry(current.expirationDate, now, durationOf(pkg))) : [];
    return { lines, now, devices, savedCardId: current.savedCardId };
  }

  /**
   * In the workflow's transaction, once the order is claimed as fulfilled: the same
   * subscription runs on from max(now, its expiry) for the package's duration, keeps its
   * credentials, gains credentials for added devices and deactivates those beyond the new
   * device count. Returns the period paid for, whether it renews itself from a saved card,
   * and the lines made that another run had already added (to discard).
   */
  async function applyRenewal(tx: DbOrTx, order: PaidOrder & { autoRenew: boolean }, pkg: BoughtPackage, subscriptionId: string, plan: RenewalPlan): Promise<AppliedRenewal> {
    const { lines, now, devices } = plan;
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
    const period = { from: new Date(Math.max(subscription!.expirationDate.getTime(), now.getTime())), until: renewedExpiry(subscription!.expirationDate, now, durationOf(pkg)) };
    await tx
      .update(subscriptions)
      .set({
        packageId: pkg.id,
        status: 'active',
        startDate: subscription!.startDate ?? now,
        expirationDate: period.until,
        deviceCount: devices,
        // A renewal lifts the grace suspension, not the owner's (devicesSuspendedAt); syncLines turns the lines on.
        graceSuspendedAt: null,
        graceLinesOffAt: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, subscriptionId));
    const credentialFilter = eq(deviceCredentials.subscriptionId, subscriptionId);
    await tx.update(deviceCredentials).set({ isActive: true, updatedAt: now }).where(and(credentialFilter, lte(deviceCredentials.deviceNumber, devices)));
    await tx.update(deviceCredentials).set({ isActive: false, updatedAt: now }).where(and(credentialFilter, gt(deviceCredentials.deviceNumber, devices)));
    const present = await tx.select({ n: deviceCredentials.deviceNumber }).from(deviceCredentials).where(credentialFilter);
    const taken = new Set(present.map(({ n }) => n));
    const added = lines.filter((line) => !taken.has(line.deviceNumber));
    if (added.length > 0) {
      await tx.insert(deviceCredentials).values(
        added.map((line) => ({
          subscriptionId,
          deviceNumber: line.deviceNumber,
          deviceName: deviceName(line.deviceNumber),
          xtreamUsername: line.username,
          xtreamPassword: line.password,
          panelLineId: line.lineId,
        })),
      );
    }
    // Renews itself from now on: the saved card's, or the card of this renewal, which the paid-order workflow saves next (decision 0044).
    const renewsItself = (subscription!.autoRenew && subscription!.savedCardId !== null) || order.autoRenew;
    return { period, renewsItself, unused: lines.filter((line) => taken.has(line.deviceNumber)) };
  }

  return {
    syncLines,
    disableLines,
    extendLinesUntil,
    discardLines,
    subscriptionOfOrder,
    newSubscriptionLines,
    writeNewSubscription,
    renewalLines,
    applyRenewal,

    /**
     * Starts a streaming box's clock: pending_activation becomes active from now for the
     * package's duration. Returns false when the subscription was not waiting (already
     * active, or unknown).
     */
    async activate(subscriptionId: string): Promise<boolean> {
      const [row] = await db
        .select({ unit: packages.durationUnit, value: packages.durationValue })
        .from(subscriptions)
        .innerJoin(packages, eq(packages.id, subscriptions.packageId))
        .where(eq(subscriptions.id, subscriptionId));
      if (!row) return false;
      const now = clock.now();
      const activated = await db
        .update(subscriptions)
        .set({ status: 'active', startDate: now, expirationDate: addDuration(now, row), updatedAt: now })
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, 'pending_activation')))
        .returning({ id: subscriptions.id });
      if (activated.length === 0) return false;
      await syncLines(subscriptionId);
      return true;
    },
  };
}

/** A new subscription's lines and dates, made before its transaction. */
export interface NewSubscriptionPlan {
  lines: NewLine[];
  now: Date;
  expiresAt: Date;
  devices: number;
  awaitsActivation: boolean;
}

/** A renewal's added lines and its moment, made before its transaction. */
export interface RenewalPlan {
  lines: NewLine[];
  now: Date;
  devices: number;
  savedCardId: string | null;
}

export interface AppliedRenewal {
  period: { from: Date; until: Date };
  renewsItself: boolean;
  unused: NewLine[];
}

export type Provisioning = ReturnType<typeof createProvisioning>;
