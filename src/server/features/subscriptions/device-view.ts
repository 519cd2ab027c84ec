import type { DeviceCredential } from '#contract/subscriptions';
import { portalUrl, xmltvUrl } from '#domain/devices';
import type { deviceCredentials } from './schema';

export type DeviceRow = typeof deviceCredentials.$inferSelect;

/** The columns a device's view reads. */
export type DeviceViewRow = Pick<DeviceRow, 'id' | 'deviceName' | 'deviceNumber' | 'isActive' | 'xtreamUsername' | 'xtreamPassword' | 'label' | 'kind' | 'mac' | 'enabled'>;

/**
 * One device as the account page and the admin's customer records list it; `server` is its
 * subscription's Xtream address. `running` is whether the subscription lets its devices play
 * (domain devicesRun): a device of a suspended, lapsed or ended subscription is not active,
 * whatever its own flag says.
 */
export function deviceView(row: DeviceViewRow, server: string, running: boolean): DeviceCredential {
  return {
    id: row.id,
    deviceName: row.deviceName,
    deviceNumber: row.deviceNumber,
    isActive: row.isActive && running,
    xtreamUsername: row.xtreamUsername,
    xtreamPassword: row.xtreamPassword,
    label: row.label,
    epgUrl: xmltvUrl(server, row.xtreamUsername, row.xtreamPassword),
    kind: row.kind,
    mac: row.mac,
    portalUrl: row.kind === 'mag' ? portalUrl(server) : null,
    enabled: row.enabled,
  };
}
