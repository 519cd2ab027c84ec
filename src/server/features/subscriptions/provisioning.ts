import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { SUBSCRIPTION_CANCELLED } from '#contract/admin-orders';
import { MAX_DEVICES, MIN_DEVICES } from '#domain/catalog';
import { addDuration, renewedExpiry, type PackageDuration } from '#domain/subscription-status';
import type { Db, DbOrTx } from '#server/db/connect';
import { packagesForReading as packages } from '#server/features/catalog/index';
import { ordersForReading as orders } from '#server/features/orders/index';
import { deviceCredentials, subscriptions } from './schema';
import { createShipment, markOrderFulfilled, type OrderRow } from '#server/features/orders/index';
import type { Clock } from '#server/lib/clock';
import { createTurns } from '#server/lib/take-turns';
import { prebuilt } from '#server/db/prebuilt';
import { graceEnd } from '#domain/renewal-milestones';
import type { Mail } from '#server/features/mail/index';
import { giveBoxesToDevices } from './box-claims';
import { paidWithOfRenewal, queueRenewalReceipt, renewalReceiptOf, type ZoneOf } from './receipts';
import type { SavedCardSummaries } from './views';
import {
  LineUsernameTakenError,
  newLinePassword,
  newLineUsername,
  type ProvisioningProvider,
} from '#server/providers/provisioning/index';

/**
 * Turns a paid order into streaming service (decision 0009): a new subscription with one
 * credential per device, a streaming box waiting for activation with its shipment, or a
 * renewal of an existing subscription. Every step can run again, or twice at once, with
 * the same result: the order row is locked while its subscription is written, a new order
 * is applied once through subscriptions.order_id being unique, a renewal once through
 * orders.fulfilled_at.
 */

export interface ProvisioningDeps {
  db: Db;
  provider: ProvisioningProvider;
  /** The server address shown with the credentials (XTREAM_SERVER_URL). */
  xtreamUrl: string;
  clock: Clock;
  /** GRACE_DAYS: how long a lapsed paid subscription's lines run on (decision 0046). */
  graceDays: number;
  /** A renewal's receipt is written with the renewal (decision 0075). */
  mail: Pick<Mail, 'queue'>;
  publicUrl: string;
  savedCards: SavedCardSummaries | undefined;
  zoneOf: ZoneOf;
}

export type ProvisionResult =
  /** `appliedNow`: this call created or extended the subscription (not an earlier one). */
  | {
      outcome: 'provisioned';
      subscriptionId: string;
      customerId: string;
      appliedNow: boolean;
      /** The buyer asked for automatic renewal: the paying card is to be saved for this subscription (decision 0044). */
      autoRenew: boolean;
    }
  | { outcome: 'order_not_found' }
  /** Refunded before it was applied: it gets no service (decision 0021). */
  | { outcome: 'order_refunded' };

/** Each login plays on one device at a time. */
const CONNECTIONS_PER_LINE = 1;
const deviceName = (deviceNumber: number) => `Device ${deviceNumber}`;

interface NewLine {
  deviceNumber: number;
  username: string;
  password: string;
  lineId: string | null;
  /** A set-top box's MAC address and its id on the panel; null for a line. */
  mac: string | null;
  magId: string | null;
}

type PackageRow = typeof packages.$inferSelect;

function durationOf(pkg: PackageRow): PackageDuration {
  return { unit: pkg.durationUnit, value: pkg.durationValue };
}

function deviceCountOf(order: OrderRow): number {
  const count = Number(order.deviceCount);
  if (!Number.isInteger(count) || count < MIN_DEVICES || count > MAX_DEVICES) {
    throw new Error(`Order ${order.id} has an invalid device count: ${order.deviceCount}`);
  }
  return count;
}

// Read on every paid order: built once (docs/decisions/0039).
const orderPackageAndSubscription = prebuilt((db) =>
  db
    .select({ order: orders, pkg: packages, subscriptionId: subscriptions.id })
    .from(orders)
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1),
);
const lockedPaymentStatus = prebuilt((db) => db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, sql.placeholder('orderId'))).for('update'));

export function createProvisioning({ db, provider, xtreamUrl, clock, graceDays, mail, publicUrl, savedCards, zoneOf }: ProvisioningDeps) {
  const usesPanel = provider.kind !== 'generator';
  /**
   * Runs of one order in this process take turns, so the later one finds the order applied
   * and makes no panel line (the trial's direct call and its job, a job run again after
   * its runner was thought dead; docs/decisions/0015).
   */
  const inTurn = createTurns<string>();

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
   * suspended, refunded or cancelled.
   */
  function panelExpiryOf(subscription: { status: string; expirationDate: Date; graceSuspendedAt: Date | null }): Date | null {
    if (subscription.status === SUBSCRIPTION_CANCELLED) return null;
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
      .select({ status: subscriptions.status, expirationDate: subscriptions.expirationDate, graceSuspendedAt: subscriptions.graceSuspendedAt })
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

  /** Locks the order while its subscription is written; says whether it is still paid (a refund may have committed meanwhile). */
  async function lockPaidOrder(tx: DbOrTx, orderId: string): Promise<boolean> {
    const [row] = await lockedPaymentStatus(tx, { orderId });
    return row?.paymentStatus === 'completed';
  }

  async function subscriptionOfOrder(tx: DbOrTx, orderId: string) {
    const [row] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.orderId, orderId));
    return row ?? null;
  }

  /**
   * A new order: one subscription, one credential per device, a shipment for a box.
   * `existingId` is the order's subscription when it was read, if it had one.
   */
  async function startSubscription(order: OrderRow & { customerId: string }, pkg: PackageRow, existingId: string | null): Promise<ProvisionResult> {
    const done = { outcome: 'provisioned' as const, customerId: order.customerId, autoRenew: order.autoRenew };
    if (existingId) return { ...done, subscriptionId: existingId, appliedNow: false };

    const devices = deviceCountOf(order);
    const now = clock.now();
    // A box's clock starts at activation; until then this expiry is provisional.
    const expiresAt = addDuration(now, durationOf(pkg));
    const awaitsActivation = pkg.requiresShipping;
    const lines = await createLines(1, devices, expiresAt, order.setTopBoxMacs);

    /** The new subscription's id, null when another run applied the order first, or 'refunded'. */
    let createdId: string | null;
    try {
      createdId = await db.transaction(async (tx) => {
        if (!(await lockPaidOrder(tx, order.id))) return 'refunded' as const;
        // A run that got here first holds the order's one subscription (order_id is unique): nothing is written.
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
        if (awaitsActivation) await createShipment(tx, order, created.id);
        await markOrderFulfilled(tx, order.id, now);
        return created.id;
      });
    } catch (error) {
      await discardLines(lines);
      throw error;
    }
    if (createdId === 'refunded') {
      await discardLines(lines);
      return { outcome: 'order_refunded' };
    }
    if (createdId) return { ...done, subscriptionId: createdId, appliedNow: true };
    await discardLines(lines);
    const winner = await subscriptionOfOrder(db, order.id);
    return { ...done, subscriptionId: winner!.id, appliedNow: false };
  }

  /**
   * A renewal: the same subscription runs on from max(now, its expiry) for the package's
   * duration, keeps its credentials, gains credentials for added devices and deactivates
   * those beyond the new device count.
   */
  async function renewSubscription(order: OrderRow & { customerId: string }, pkg: PackageRow, subscriptionId: string): Promise<ProvisionResult> {
    const done = { outcome: 'provisioned' as const, customerId: order.customerId, subscriptionId, autoRenew: order.autoRenew };
    if (order.fulfilledAt) {
      await syncLines(subscriptionId);
      return { ...done, appliedNow: false };
    }
    const [current] = await db
      .select({ customerId: subscriptions.customerId, expirationDate: subscriptions.expirationDate, savedCardId: subscriptions.savedCardId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    if (!current) throw new Error(`Order ${order.id} renews subscription ${subscriptionId}, which does not exist`);
    if (current.customerId !== order.customerId) throw new Error(`Order ${order.id} renews a subscription of another customer`);
    const paidWith = await paidWithOfRenewal(order, current.savedCardId, savedCards);

    const devices = deviceCountOf(order);
    const now = clock.now();
    const [{ count: known }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(deviceCredentials)
      .where(eq(deviceCredentials.subscriptionId, subscriptionId))) as [{ count: number }];
    const lines = devices > known ? await createLines(known + 1, devices, renewedExpiry(current.expirationDate, now, durationOf(pkg))) : [];

    // The lines made above that this run did not use: all of them when another run won.
    let unused: NewLine[] | null;
    try {
      unused = await db.transaction(async (tx) => {
        // Not claimed: another run applied it, or a refund committed first.
        if (!(await markOrderFulfilled(tx, order.id, now))) return null;
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
            // A renewal lifts the grace suspension, not the owner's (devicesSuspendedAt); syncLines below turns the lines on.
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
        await queueRenewalReceipt(tx, mail, publicUrl, order, pkg, renewalReceiptOf(period, paidWith, renewsItself), await zoneOf(tx, order.customerId));
        return lines.filter((line) => taken.has(line.deviceNumber));
      });
    } catch (error) {
      await discardLines(lines);
      throw error;
    }
    await discardLines(unused ?? lines);
    await syncLines(subscriptionId);
    return { ...done, appliedNow: unused !== null };
  }

  /** The order, its package and the subscription it started, if any: one read where three were (docs/decisions/0023). */
  async function orderToProvision(orderId: string) {
    const [row] = await orderPackageAndSubscription(db, { orderId });
    return row ?? null;
  }

  async function provisionOrderNow(orderId: string): Promise<ProvisionResult> {
    const found = await orderToProvision(orderId);
    if (!found) return { outcome: 'order_not_found' };
    const { order, pkg, subscriptionId } = found;
    if (order.paymentStatus === 'refunded') return { outcome: 'order_refunded' };
    if (order.paymentStatus !== 'completed') throw new Error(`Order ${orderId} is not paid (payment status ${order.paymentStatus})`);
    if (!order.customerId) throw new Error(`Order ${orderId} has no customer`);
    if (!pkg) throw new Error(`Order ${orderId} is for an unknown package ${order.packageId}`);
    const owned = { ...order, customerId: order.customerId };
    return order.renewsSubscriptionId ? renewSubscription(owned, pkg, order.renewsSubscriptionId) : startSubscription(owned, pkg, subscriptionId);
  }

  return {
    syncLines,
    disableLines,
    extendLinesUntil,

    /**
     * Provisions a paid order; repeated and concurrent calls give one result. Throws
     * (so that its job is retried) while the order is not paid or the provider fails.
     */
    provisionOrder: (orderId: string): Promise<ProvisionResult> => inTurn(orderId, () => provisionOrderNow(orderId)),

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

export type Provisioning = ReturnType<typeof createProvisioning>;
