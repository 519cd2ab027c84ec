import { formatDistance } from 'date-fns';
import type { DeviceStatus } from '#contract/devices';
import type { DeviceCredential } from '#contract/subscriptions';
import { DEFAULT_LOCALE } from '#domain/locales';
import { formatMessage } from '../../lib/format-message';
import { pageLocale, t } from '../../lib/i18n';

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

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * '5 minutes ago'. English keeps date-fns' words, which the spec's relative times are written
 * in ('about 2 hours ago'); the other languages say it through Intl in the page's language
 * (decision 0111), in the largest whole unit.
 */
function timeAgo(then: Date, now: Date): string {
  const locale = pageLocale();
  if (locale === DEFAULT_LOCALE) return formatDistance(then, now, { addSuffix: true });
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const [unit, size] = UNITS.find(([, each]) => Math.abs(seconds) >= each) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

/**
 * One line of what the panel says of a device now: online with its streams against the
 * device's limit, or when it was last seen. A panel that did not answer (available: false,
 * or a failed call) is 'Live status unavailable': the credentials stay on screen regardless.
 */
export function liveStatusText(status: DeviceStatus | undefined, now: Date): string {
  if (!status?.available) return t('devices.status.unavailable');
  if (status.online) return formatMessage('devices.status.online', { active: status.activeConnections ?? 0, max: status.maxConnections });
  if (status.lastSeenAt) return formatMessage('devices.status.lastSeen', { ago: timeAgo(new Date(status.lastSeenAt), now) });
  return t('devices.status.neverSeen');
}

/** Whether the device is on: the panel's word when it answered, else what the store last knew. */
export function isEnabled(device: Pick<DeviceTarget, 'enabled'>, status: DeviceStatus | undefined): boolean {
  return status ? status.enabled : device.enabled;
}
