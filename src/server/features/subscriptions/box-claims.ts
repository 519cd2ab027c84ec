import { and, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { MAC_IN_USE } from '#contract/devices';
import type { DbOrTx } from '#server/db/connect';
import { conflict } from '#domain/errors';
import { deviceCredentials, setTopBoxClaims, subscriptions } from './schema';

/**
 * "One box, one active subscription", held by the database (decision 0073). Each MAC has one
 * claim row; a checkout reserves its boxes in the order's transaction, provisioning hands
 * each reservation to the device it made, and a MAC change claims the new MAC before the
 * panel is asked. Two claimers of one MAC meet at its primary key: the second waits for the
 * first's transaction and then finds its claim, so of any number at once one wins.
 */

/** Who claims a box: an order (with its buyer's email) until it is provisioned, or a device; `heldUntil` keeps it reserved meanwhile. */
export type BoxHolder = { orderId: string; buyerEmail?: string; deviceId?: string; heldUntil: Date | null };

type ClaimRow = typeof setTopBoxClaims.$inferSelect;

/**
 * Whether a claim still holds its box at `now`: reserved until a later time, or its device
 * still has that MAC on a running subscription (the rule checkout and MAC changes always
 * had: active or awaiting activation, not expired, the device not removed).
 */
async function stillHeld(tx: DbOrTx, claim: ClaimRow, now: Date): Promise<boolean> {
  if (claim.heldUntil && claim.heldUntil > now) return true;
  if (!claim.deviceId) return false;
  const [running] = await tx
    .select({ id: deviceCredentials.id })
    .from(deviceCredentials)
    .innerJoin(subscriptions, eq(subscriptions.id, deviceCredentials.subscriptionId))
    .where(
      and(
        eq(deviceCredentials.id, claim.deviceId),
        eq(deviceCredentials.mac, claim.mac),
        eq(deviceCredentials.isActive, true),
        inArray(subscriptions.status, ['active', 'pending_activation']),
        gt(subscriptions.expirationDate, now),
      ),
    )
    .limit(1);
  return Boolean(running);
}

/** The claimer holds it already, or it is a reservation of the same buyer's earlier checkout (declined, abandoned, another method). */
function sameHolder(claim: ClaimRow, holder: BoxHolder): boolean {
  if (holder.deviceId) return claim.deviceId === holder.deviceId;
  if (claim.deviceId !== null) return false;
  return claim.orderId === holder.orderId || (holder.buyerEmail !== undefined && claim.buyerEmail === holder.buyerEmail);
}

/**
 * Claims each MAC for the holder inside the caller's transaction: a new claim, the holder's
 * own again (a repeated checkout, a provisioning retry), or one whose holder has stopped,
 * taken over under its row lock. 409 MAC_IN_USE when another holder still has the box; the
 * caller's transaction then rolls back whatever it wrote.
 */
export async function claimBoxes(tx: DbOrTx, macs: readonly string[], holder: BoxHolder, now: Date): Promise<void> {
  const values = { orderId: holder.orderId, buyerEmail: holder.buyerEmail ?? null, deviceId: holder.deviceId ?? null, heldUntil: holder.heldUntil, claimedAt: now };
  // In one order of MACs, so two claimers of the same pair of boxes cannot wait on each other.
  for (const mac of [...new Set(macs)].sort()) {
    const [fresh] = await tx.insert(setTopBoxClaims).values({ mac, ...values }).onConflictDoNothing().returning({ mac: setTopBoxClaims.mac });
    if (fresh) continue;
    const [claim] = await tx.select().from(setTopBoxClaims).where(eq(setTopBoxClaims.mac, mac)).for('update');
    if (!claim) throw conflict(MAC_IN_USE);
    if (!sameHolder(claim, holder) && (await stillHeld(tx, claim, now))) throw conflict(MAC_IN_USE);
    await tx.update(setTopBoxClaims).set(values).where(eq(setTopBoxClaims.mac, mac));
  }
}

/** Hands an order's reservations to the devices provisioning made for them: held by the devices from now on. */
export async function giveBoxesToDevices(tx: DbOrTx, orderId: string, devices: readonly { id: string; mac: string | null }[], now: Date): Promise<void> {
  for (const device of devices) {
    if (!device.mac) continue;
    const [handed] = await tx
      .update(setTopBoxClaims)
      .set({ deviceId: device.id, buyerEmail: null, heldUntil: null, claimedAt: now })
      .where(and(eq(setTopBoxClaims.mac, device.mac), eq(setTopBoxClaims.orderId, orderId), or(sql`${setTopBoxClaims.deviceId} is null`, eq(setTopBoxClaims.deviceId, device.id))))
      .returning({ mac: setTopBoxClaims.mac });
    // The reservation lapsed before payment and nobody took it: claimed now; taken meanwhile: 409.
    if (!handed) await claimBoxes(tx, [device.mac], { orderId, deviceId: device.id, heldUntil: null }, now);
  }
}

/**
 * A change that failed before it was recorded: the device's reservation of the MAC goes, but not
 * a claim it holds for good (a concurrent run of the same change that was recorded keeps it).
 */
export async function dropReservedClaim(tx: DbOrTx, mac: string, deviceId: string): Promise<void> {
  await tx.delete(setTopBoxClaims).where(and(eq(setTopBoxClaims.mac, mac), eq(setTopBoxClaims.deviceId, deviceId), isNotNull(setTopBoxClaims.heldUntil)));
}

/** A MAC change the panel refused, or that failed: the device's claim on the MAC it did not get goes. */
export async function dropDeviceClaim(tx: DbOrTx, mac: string, deviceId: string): Promise<void> {
  await tx.delete(setTopBoxClaims).where(and(eq(setTopBoxClaims.mac, mac), isNotNull(setTopBoxClaims.deviceId), eq(setTopBoxClaims.deviceId, deviceId)));
}
