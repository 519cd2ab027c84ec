import type { DbOrTx } from '#server/db/connect';
import { recordAdminAction, recordCustomerAction } from '#server/features/audit/index';
import type { DeviceAction, DeviceActor } from '#server/features/subscriptions/index';

/**
 * The audit row of a device action that reached the panel (decision 0084): the
 * subscriptions feature makes the change on the panel and records it in one transaction,
 * in which this writes who did what, the owner's or an admin's, listed with the order's
 * changes. Handed to the subscriptions feature by the wiring (it never imports a workflow).
 */
export async function recordDeviceAction(tx: DbOrTx, actor: DeviceActor, { action, orderId, before, after }: DeviceAction): Promise<void> {
  const entry = { action, target: { type: 'order', id: orderId }, before, after };
  if (actor.kind === 'customer') await recordCustomerAction(tx, { ...entry, actor: actor.customer });
  else await recordAdminAction(tx, { ...entry, actor: actor.admin });
}
