import { describe, expect, it } from 'vitest';
import type { CustomerOrder } from '../../src/contract/accounts';
import {
  deviceLock,
  formatMemberSince,
  isCancelled,
  playlistUrl,
  receivedGiftCards,
  renewable,
  renewLabel,
  showsExpiringSoon,
  statusBadge,
  timeRemainingText,
} from '../../src/client/features/account/subscription-view';
import {
  initialDeviceCount,
  initialRenewalPackageId,
  renewalFormSchema,
  renewalPackages,
  renewalDeviceOptions,
  renewalOptionLabel,
  renewalPayload,
} from '../../src/client/features/account/renewal';

const now = new Date('2025-06-10T12:00:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
const sub = (status: 'active' | 'expired' | 'pending_activation' | 'cancelled', expiresIn: number, packageId = 'uuid-3-months') => ({
  status,
  expirationDate: at(expiresIn),
  package: { id: packageId },
});

describe('the M3U playlist URL of a device', () => {
  it('puts the server, the credentials and the playlist type in the Xtream get.php form', () => {
    expect(playlistUrl('http://tv.example.com', 'sp_ab12cd', 'Xy9kLm2P')).toBe(
      'http://tv.example.com/get.php?username=sp_ab12cd&password=Xy9kLm2P&type=m3u_plus&output=ts',
    );
  });

  it('drops a trailing slash of the server and escapes characters that would break the query', () => {
    expect(playlistUrl('http://tv.example.com/', 'a&b', 'p=q#1')).toBe(
      'http://tv.example.com/get.php?username=a%26b&password=p%3Dq%231&type=m3u_plus&output=ts',
    );
  });
});

describe('time remaining', () => {
  it('counts hours for the 36-hour trial, under either of its ids', () => {
    expect(timeRemainingText(sub('active', 35 * HOUR + 1, 'trial-36h'), now)).toBe('36 hours');
    expect(timeRemainingText(sub('active', HOUR, '36-hour-trial'), now)).toBe('1 hour');
  });

  it('counts days for every other package, a started day counting as one', () => {
    expect(timeRemainingText(sub('active', 30 * DAY), now)).toBe('30 days');
    expect(timeRemainingText(sub('active', 2 * HOUR), now)).toBe('1 day');
  });

  it("says 'Less than 1 hour' for the last hour, never rounding 10 seconds up to an hour or a day", () => {
    expect(timeRemainingText(sub('active', 10_000, 'trial-36h'), now)).toBe('Less than 1 hour');
    expect(timeRemainingText(sub('active', 10_000), now)).toBe('Less than 1 hour');
    expect(timeRemainingText(sub('active', HOUR - 1, 'trial-36h'), now)).toBe('Less than 1 hour');
    expect(timeRemainingText(sub('active', HOUR + 10_000, 'trial-36h'), now)).toBe('2 hours');
  });

  it('reads Expired once the expiry has passed', () => {
    expect(timeRemainingText(sub('active', -HOUR), now)).toBe('Expired');
  });
});

describe('the status badge', () => {
  it('is green active, red Expired past the expiry whatever the stored status, amber pending activation', () => {
    expect(statusBadge(sub('active', DAY), now)).toEqual({ label: 'active', tone: 'success' });
    expect(statusBadge(sub('active', -1), now)).toEqual({ label: 'Expired', tone: 'destructive' });
    expect(statusBadge(sub('expired', -DAY), now)).toEqual({ label: 'Expired', tone: 'destructive' });
    expect(statusBadge(sub('pending_activation', 180 * DAY), now)).toEqual({ label: 'pending activation', tone: 'warning' });
  });

  it('adds Expiring Soon within the last 7 days only', () => {
    expect(showsExpiringSoon(sub('active', 7 * DAY), now)).toBe(true);
    expect(showsExpiringSoon(sub('active', 7 * DAY + 1), now)).toBe(false);
    expect(showsExpiringSoon(sub('active', -1), now)).toBe(false);
  });
});

describe('Renew and Reactivate', () => {
  it('renews an active subscription, reactivates an expired one, and waits for a box to be activated', () => {
    expect([renewLabel(sub('active', DAY), now), renewable(sub('active', DAY), now)]).toEqual(['Renew', true]);
    expect([renewLabel(sub('expired', -DAY), now), renewable(sub('expired', -DAY), now)]).toEqual(['Reactivate', true]);
    expect(renewable(sub('pending_activation', 180 * DAY), now)).toBe(false);
  });

  const packages = [
    { id: 'trial-36h', price: '0.00', requiresShipping: false, popular: false },
    { id: 'one', price: '15.99', requiresShipping: false, popular: false },
    { id: 'three', price: '39.99', requiresShipping: false, popular: true },
    { id: 'streaming-box', price: '149.99', requiresShipping: true, popular: false },
  ];

  it('offers the paid packages that ship nothing', () => {
    expect(renewalPackages(packages).map((p) => p.id)).toEqual(['one', 'three']);
  });

  it("starts from the subscription's own package and devices, else the most popular package", () => {
    const options = renewalPackages(packages);
    expect(initialRenewalPackageId({ package: { id: 'one', name: '', duration: '' } }, options)).toBe('one');
    expect(initialRenewalPackageId({ package: { id: '36-hour-trial', name: '', duration: '' } }, options)).toBe('three');
    expect(initialDeviceCount({ deviceCount: 3 })).toBe('3');
  });

  it("sends the spec's renewal payload with the customer's details and the subscription it extends", () => {
    const form = renewalFormSchema.parse({ packageId: 'three', deviceCount: '2', selectedGiftCard: 'Amazon' });
    const customer = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: null };
    expect(renewalPayload(form, customer, 'sub-1', 'EUR')).toEqual({
      packageId: 'three',
      deviceCount: '2',
      selectedGiftCard: 'Amazon',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: null,
      renewsSubscriptionId: 'sub-1',
      currency: 'EUR',
    });
  });

  it("offers each package at its price in the buyer's currency, dollars as the spec writes them", () => {
    expect(renewalOptionLabel({ name: '1 Month Premium', price: '15.99', currency: 'USD' }, 'USD')).toBe('1 Month Premium - $15.99');
    expect(renewalOptionLabel({ name: '1 Month Premium', price: '14.99', currency: 'EUR' }, 'EUR')).toBe('1 Month Premium - €14.99');
    expect(renewalOptionLabel({ name: '1 Month Premium', price: '12.99' }, 'GBP')).toBe('1 Month Premium - £12.99');
    expect(renewalDeviceOptions('USD')[1]).toEqual({ value: '2', label: '2 devices (+$5.99)' });
    expect(renewalDeviceOptions('GBP')[1]).toEqual({ value: '2', label: '2 devices (+£4.99)' });
  });

  it('asks for a package and a gift card with the spec messages', () => {
    const result = renewalFormSchema.safeParse({ packageId: '', deviceCount: '1' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue): [string, string] => [String(issue.path[0]), issue.message]));
    expect(messages).toEqual({ packageId: 'Package is required', selectedGiftCard: 'Gift card selection is required' });
  });
});

describe('the account information and gift cards', () => {
  it("shows the member-since date as 'MMMM d, yyyy' on the customer's calendar, or N/A", () => {
    expect(formatMemberSince('2025-03-05T12:00:00Z', 'UTC')).toBe('March 5, 2025');
    expect(formatMemberSince('2025-03-05T20:00:00Z', 'Asia/Tokyo')).toBe('March 6, 2025');
    expect(formatMemberSince(null, 'UTC')).toBe('N/A');
    expect(formatMemberSince('not a date', 'UTC')).toBe('N/A');
  });

  it('lists only orders whose gift card was received and whose payment completed', () => {
    const order = (id: string, giftCardReceived: boolean, paymentStatus: string): CustomerOrder => ({
      id,
      giftCardReceived,
      giftCardCode: null,
      paymentStatus,
      selectedGiftCard: 'Amazon',
      cashbackAmount: '10.00',
      cashbackCurrency: 'USD',
      createdAt: now.toISOString(),
      packageName: '1 Month Premium',
      totalAmount: '15.99',
      currency: 'USD',
      deviceCount: 1,
    });
    const orders = [order('a', true, 'completed'), order('b', false, 'completed'), order('c', true, 'pending')];
    expect(receivedGiftCards(orders).map((o) => o.id)).toEqual(['a']);
  });
});

describe('a cancelled (refunded) subscription', () => {
  it("reads 'Cancelled' in grey, counts no time, and cannot be renewed, before or after its expiry date", () => {
    for (const expiresIn of [20 * DAY, -DAY]) {
      const cancelled = sub('cancelled', expiresIn);
      expect(statusBadge(cancelled, now)).toEqual({ label: 'Cancelled', tone: 'secondary' });
      expect(timeRemainingText(cancelled, now)).toBe('Cancelled');
      expect(renewable(cancelled, now)).toBe(false);
      expect(renewLabel(cancelled, now)).toBe('Renew');
      expect(showsExpiringSoon(sub('cancelled', 2 * DAY), now)).toBe(false);
      expect(isCancelled(cancelled)).toBe(true);
    }
    expect(isCancelled(sub('active', DAY))).toBe(false);
  });
});

describe('the devices of a subscription that does not run', () => {
  const lapsed = (status: 'active' | 'expired' | 'pending_activation' | 'cancelled', expiresIn: number, suspended: boolean, packageId?: string) => ({
    ...sub(status, expiresIn, packageId),
    suspended,
  });

  it('are Off, saying why, once suspended after the grace period, once a trial has expired, and once a refund ended the subscription', () => {
    expect(deviceLock(lapsed('expired', -4 * DAY, true), now)).toEqual({ off: true, reason: 'Off: this subscription is suspended until it is renewed.' });
    expect(deviceLock(lapsed('expired', -HOUR, true, 'trial-36h'), now)).toEqual({ off: true, reason: 'Off: this subscription has expired.' });
    expect(deviceLock(lapsed('active', -HOUR, false, 'trial-36h'), now)).toEqual({ off: true, reason: 'Off: this subscription has expired.' });
    expect(deviceLock(lapsed('cancelled', 20 * DAY, false), now)).toEqual({ off: true, reason: 'Off: this subscription has ended.' });
  });

  it('play on through the grace period but wait for a renewal to be changed; a box waits for its activation', () => {
    expect(deviceLock(lapsed('expired', -HOUR, false), now)).toEqual({ off: false, reason: 'This subscription has expired. Renew it to manage its devices.' });
    expect(deviceLock(lapsed('pending_activation', 30 * DAY, false), now)).toEqual({
      off: false,
      reason: 'This subscription starts when its streaming box is activated. Activate it to manage its devices.',
    });
    expect(deviceLock(lapsed('active', 30 * DAY, false), now)).toBeNull();
  });
});
