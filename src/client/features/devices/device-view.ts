import { formatDistance } from 'date-fns';
import type { DeviceStatus } from '#contract/devices';
import type { DeviceCredential } from '#contract/subscriptions';

/** What the controls of one device need to know of it, from the account's list or the admin's order. */
export interface DeviceTarget {
  id: string;
  /** Its label, or the store's 'Device 2' until the owner gives one. */
  name: string;
  label: string | null;
  kind: DeviceCredential['kind'];
  mac: string | null;
  enabled: boolean;
  /** The server address, to show a new password's playlist link; null where the page does not know it. */
  server: string | null;
  username: string;
}

/**
 * Why a subscription's devices cannot be changed (the line under each device), and whether
 * that means they are off; the account page decides it from the subscription.
 */
export interface DeviceLock {
  off: boolean;
  reason: string;
}

export const UNAVAILABLE = 'Live status unavailable';

const streams = (count: number) => `${count} ${count === 1 ? 'stream' : 'streams'}`;

/**
 * One line of what the panel says of a device now: online with its streams against the
 * device's limit, or when it was last seen. A panel that did not answer (available: false,
 * or a failed call) is 'Live status unavailable': the credentials stay on screen regardless.
 */
export function liveStatusText(status: DeviceStatus | undefined, now: Date): string {
  if (!status?.available) return UNAVAILABLE;
  if (status.online) return `Online now, ${status.activeConnections ?? 0} of ${streams(status.maxConnections)} playing`;
  if (status.lastSeenAt) return `Offline, last seen ${formatDistance(new Date(status.lastSeenAt), now, { addSuffix: true })}`;
  return 'Offline, not seen yet';
}

/** Whether the device is on: the panel's word when it answered, else what the store last knew. */
export function isEnabled(device: Pick<DeviceTarget, 'enabled'>, status: DeviceStatus | undefined): boolean {
  return status ? status.enabled : device.enabled;
}
