// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerProfile } from '../../src/contract/accounts';
import type { Subscription } from '../../src/contract/subscriptions';
import { SubscriptionCard } from '../../src/client/features/account/SubscriptionCard';
import { CustomerTimeZone } from '../../src/client/features/account/customer-time-zone';
import { subscriptionView } from '../support/subscription-views';

const now = new Date('2025-06-10T12:00:00Z');
const DAY = 24 * 3600_000;
const customer: CustomerProfile = {
  id: 'c1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  createdAt: now.toISOString(),
  hasAccount: true,
  timeZone: 'Asia/Tokyo',
};

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return subscriptionView({ startDate: new Date(now.getTime() - DAY).toISOString(), expirationDate: new Date(now.getTime() + 30 * DAY).toISOString(), ...overrides });
}

function renderCard(value: Subscription) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <CustomerTimeZone.Provider value={customer.timeZone}>
        <SubscriptionCard subscription={value} customer={customer} now={now} />
      </CustomerTimeZone.Provider>
    </QueryClientProvider>,
  );
}

describe('a subscription card on the account page', () => {
  afterEach(cleanup);

  it('shows each device with its state, credentials and copy buttons, and the fixed badges', () => {
    renderCard(subscription());
    expect(screen.getByRole('heading', { name: '1 Month Premium' })).toBeTruthy();
    expect(screen.getByTestId('server-address').textContent).toBe('http://tv.example.com');
    const devices = screen.getAllByTestId('device-credential');
    expect(devices).toHaveLength(2);
    expect(within(devices[0]!).getByText('Active')).toBeTruthy();
    expect(within(devices[1]!).getByText('Inactive')).toBeTruthy();
    expect(within(devices[0]!).getByText('sp_user1')).toBeTruthy();
    expect(within(devices[0]!).getByText('http://tv.example.com/get.php?username=sp_user1&password=pass1&type=m3u_plus&output=ts')).toBeTruthy();
    for (const name of ['Copy username', 'Copy password', 'Copy playlist URL']) expect(screen.getAllByRole('button', { name })).toHaveLength(2);
    for (const badge of ['18,000+ Channels', '4K Quality', '100K+ VOD']) expect(screen.getByText(badge)).toBeTruthy();
    expect(screen.getByTestId('time-remaining').textContent).toBe('30 days');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Renew' }).disabled).toBe(false);
  });

  it("says the credentials are generating until provisioning has created them, and falls back to 'IPTV Subscription'", () => {
    renderCard(subscription({ deviceCredentials: [], package: { id: 'p1', name: '', duration: '1 Month' } }));
    expect(screen.getByText('Credentials Generating')).toBeTruthy();
    expect(screen.getByText('Your individual device credentials are being generated. Please refresh this page in a few moments.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'IPTV Subscription' })).toBeTruthy();
  });

  it('offers Reactivate in red Expired once the expiry has passed, and Expiring Soon in the last week', () => {
    renderCard(subscription({ expirationDate: new Date(now.getTime() - DAY).toISOString() }));
    expect(screen.getByTestId('subscription-status').textContent).toBe('Expired');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reactivate' }).disabled).toBe(false);
    cleanup();
    renderCard(subscription({ expirationDate: new Date(now.getTime() + 3 * DAY).toISOString() }));
    expect(screen.getByText('Expiring Soon')).toBeTruthy();
  });

  it('shows the grace period of an expired subscription under the red Expired badge, then its suspension', () => {
    const expired = { status: 'expired' as const, expirationDate: new Date(now.getTime() - DAY).toISOString() };
    renderCard(subscription({ ...expired, graceEndsAt: '2026-12-04T09:00:00.000Z' }));
    expect(screen.getByTestId('subscription-status').textContent).toBe('Expired');
    expect(screen.getByTestId('grace-period').textContent).toBe('Expired, grace period until December 4, 2026 at 6:00 PM (Asia/Tokyo). Your devices keep working until then; renew to keep watching.');
    expect(screen.queryByTestId('grace-suspended')).toBeNull();
    cleanup();
    renderCard(subscription({ ...expired, suspended: true }));
    expect(screen.getByTestId('grace-suspended').textContent).toBe('Suspended (expired): your devices are off. Renew to turn them on again with the same credentials.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reactivate' }).disabled).toBe(false);
  });

  it('shows the trial time in hours', () => {
    renderCard(subscription({ package: { id: 'trial-36h', name: '36-Hour Free Trial', duration: '36 hours' }, expirationDate: new Date(now.getTime() + 20 * 3600_000).toISOString() }));
    expect(screen.getByTestId('time-remaining').textContent).toBe('20 hours');
  });

  it('lets a streaming box waiting for activation be activated, not renewed', () => {
    renderCard(subscription({ status: 'pending_activation', startDate: null, package: { id: 'streaming-box', name: 'Streaming Box', duration: '6 Months' } }));
    expect(screen.getByTestId('subscription-status').textContent).toBe('pending activation');
    expect(screen.getByTestId('expiry-date').textContent).toBe('Starts on activation');
    expect(screen.getByTestId('time-remaining').textContent).toBe('Not started');
    expect(screen.getByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Renew' }).disabled).toBe(true);
  });

  it("links the box's tracking number to its carrier's page, in a new tab", () => {
    const shipment = { status: 'shipped' as const, carrier: 'FedEx', trackingNumber: '123456789012', estimatedDelivery: null, actualDelivery: null };
    renderCard(subscription({ status: 'pending_activation', package: { id: 'streaming-box', name: 'Streaming Box', duration: '6 Months' }, shipment }));
    const link = screen.getByRole('link', { name: '123456789012 (track with FedEx, opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it("shows a refunded subscription as 'Cancelled' with no usable credentials and Renew disabled", () => {
    renderCard(subscription({ status: 'cancelled' }));
    expect(screen.getByTestId('subscription-status').textContent).toBe('Cancelled');
    expect(screen.queryAllByTestId('device-credential')).toHaveLength(0);
    expect(screen.queryByText('sp_user1')).toBeNull();
    expect(screen.getByTestId('credentials-cancelled').textContent).toBe('This subscription was cancelled after a refund; its credentials no longer work.');
    expect(screen.getByTestId('time-remaining').textContent).toBe('Cancelled');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Renew' }).disabled).toBe(true);
  });

  it('shows automatic renewal: the switch, the saved card, the next charge and Update card', () => {
    const savedCard = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
    renderCard(subscription({ autoRenew: true, savedCard, nextChargeAt: '2027-01-03T12:00:00.000Z', nextChargeAmount: '15.99' }));
    const block = screen.getByTestId('auto-renew');
    expect(within(block).getByRole('switch', { name: 'Automatic renewal' }).getAttribute('aria-checked')).toBe('true');
    expect(within(block).getByText('Visa ending 4242, expires 12/2030')).toBeTruthy();
    expect(within(block).getByText('Next charge: $15.99 on January 3, 2027')).toBeTruthy();
    expect(within(block).getByRole('button', { name: 'Update card' })).toBeTruthy();
  });

  it('offers to add a card where none is saved, with the switch off until then; none for the trial', () => {
    renderCard(subscription());
    const block = screen.getByTestId('auto-renew');
    const toggle = within(block).getByRole<HTMLButtonElement>('switch', { name: 'Automatic renewal' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.disabled).toBe(true);
    expect(within(block).getByText('No card saved. Add a card to renew automatically.')).toBeTruthy();
    expect(within(block).getByRole('button', { name: 'Add card' })).toBeTruthy();
    cleanup();
    renderCard(subscription({ package: { id: 'trial-36h', name: 'Free Trial', duration: '36 Hours' } }));
    expect(screen.queryByTestId('auto-renew')).toBeNull();
  });
});
