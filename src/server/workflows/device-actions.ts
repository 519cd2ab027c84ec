import type { DeviceChangeRequest, DevicePasswordResponse, SubscriptionDevicesResponse } from '#contract/devices';
import type { DeviceCredential } from '#contract/subscriptions';
import type { AuditActor } from '#domain/actors';
import type { Db, DbOrTx } from '#server/db/connect';
import { recordAdminAction, recordCustomerAction } from '#server/features/audit/index';
import type { DeviceAction, DeviceActor, DeviceChange, Subscriptions } from '#server/features/subscriptions/index';
import type { ErrorLog } from '#server/lib/logs';
import type { BlocklistWorkflow } from './blocklist';

type Devices = Subscriptions['devices'];

export interface DeviceActionsDeps {
  db: Db;
  devices: Pick<Devices, 'inTurn' | 'changeOnPanel' | 'setTopBoxOnPanel' | 'newPasswordOnPanel' | 'ispResetOnPanel' | 'setEnabledOnPanel' | 'suspensionOnPanel'>;
  /** A blocked MAC is refused before the panel is asked (decision 0099). */
  blocklist: Pick<BlocklistWorkflow, 'refuseBlocked'>;
  /** Where a refusal of a blocked MAC is logged. */
  logger?: ErrorLog | undefined;
}

/** Who acts, and for an admin acting from a support ticket, its number. */
type TicketAwareActor = DeviceActor | { kind: 'admin'; admin: AuditActor; ticketNumber?: number };

/** A device action's audit row: who did what, the owner's or an admin's, listed with the order's changes. */
async function recordDeviceAction(tx: DbOrTx, actor: TicketAwareActor, { action, orderId, before, after }: DeviceAction): Promise<void> {
  // An action run from a support ticket names the ticket's number in its row (decision 0102).
  const ticket = 'ticketNumber' in actor && actor.ticketNumber !== undefined ? { ticketNumber: actor.ticketNumber } : {};
  const entry = { action, target: { type: 'order', id: orderId }, before, after: { ...after, ...ticket } };
  if (actor.kind === 'customer') await recordCustomerAction(tx, { ...entry, actor: actor.customer });
  else await recordAdminAction(tx, { ...entry, actor: actor.admin });
}

/**
 * The device actions that reach the panel (decision 0042), for their owner and an admin: the
 * subscriptions feature makes the change on the panel, then this holds the transaction in
 * which the feature writes the store's rows and the audit feature the rows of who did it
 * (decisions 0084, 0088). A device's changes take turns from the panel's call to the commit.
 */
export function createDeviceActions({ db, devices, blocklist, logger = { error() {} } }: DeviceActionsDeps) {
  const refuseBlockedMac = (mac: string | undefined) => (mac ? blocklist.refuseBlocked({ macs: [mac] }, 'device_mac', logger) : Promise.resolve());

  /** Records a change the panel made, with its audit rows, in one transaction; one that cannot be recorded is undone on the panel. */
  async function record<T>(actor: TicketAwareActor, change: DeviceChange<T>): Promise<T> {
    if ('unchanged' in change) return change.unchanged;
    let answer: T;
    try {
      answer = await db.transaction(async (tx) => {
        const recorded = await change.record(tx);
        for (const action of recorded.actions) await recordDeviceAction(tx, actor, action);
        return recorded.answer;
      });
    } catch (error) {
      await change.abandon?.();
      throw error;
    }
    await change.settle?.();
    return answer;
  }

  const onDevice = <T>(deviceId: string, actor: TicketAwareActor, onPanel: () => Promise<DeviceChange<T>>): Promise<T> =>
    devices.inTurn(deviceId, async () => record(actor, await onPanel()));

  return {
    /** PATCH /api/devices/:deviceId (and the admin's): a new label, a set-top box's new MAC. */
    async change(deviceId: string, changes: DeviceChangeRequest, actor: DeviceActor): Promise<DeviceCredential> {
      await refuseBlockedMac(changes.mac);
      return onDevice(deviceId, actor, () => devices.changeOnPanel(deviceId, changes, actor));
    },

    /** POST /api/devices/:deviceId/set-top-box: the owner's line becomes the box they hold. */
    async useSetTopBox(deviceId: string, mac: string, actor: DeviceActor): Promise<DeviceCredential> {
      await refuseBlockedMac(mac);
      return onDevice(deviceId, actor, () => devices.setTopBoxOnPanel(deviceId, mac, actor));
    },

    /** POST .../password. */
    newPassword: (deviceId: string, actor: TicketAwareActor): Promise<DevicePasswordResponse> =>
      onDevice(deviceId, actor, () => devices.newPasswordOnPanel(deviceId, actor)),

    /** POST .../isp-reset. */
    ispReset: (deviceId: string, actor: TicketAwareActor): Promise<DeviceCredential> => onDevice(deviceId, actor, () => devices.ispResetOnPanel(deviceId, actor)),

    /** POST .../disable and .../enable. */
    setEnabled: (deviceId: string, enabled: boolean, actor: TicketAwareActor): Promise<DeviceCredential> =>
      onDevice(deviceId, actor, () => devices.setEnabledOnPanel(deviceId, enabled, actor)),

    /** POST /api/admin/subscriptions/:subscriptionId/disable-devices and enable-devices: each device takes its turn on the panel. */
    async setSubscriptionSuspended(subscriptionId: string, suspended: boolean, admin: AuditActor): Promise<SubscriptionDevicesResponse> {
      return record({ kind: 'admin', admin }, await devices.suspensionOnPanel(subscriptionId, suspended));
    },
  };
}
