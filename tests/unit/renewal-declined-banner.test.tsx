// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerProfile } from '../../src/contract/accounts';
import type { Subscription } from '../../src/contract/subscriptions';
import { SubscriptionCard } from '../../src/client/features/account/SubscriptionCard';
import { CustomerTimeZone } from '../../src/client/features/account/customer-time-zone';
import { subscriptionView } from '../support/subscription-views';

const now = new Date('2027-02-02T12:00:00Z');
const customer: CustomerProfile = { id: 'c1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: null, createdAt: now.toISOString(), hasAccount: true, timeZone: 'America/New_York' };
const card = { brand: 'visa', last4: '9995', expMonth: 12, expYear: 2030 };
const autoRenewing = { autoRenew: true, savedCard: card, expirationDate: '2027-02-05T09:00:00.000Z' };

function renderCard(overrides: Partial<Subscription>) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <CustomerTimeZone.Provider value={customer.timeZone}>
        <SubscriptionCard subscription={subscriptionView({ ...autoRenewing, ...overrides })} customer={customer} now={now} />
      </CustomerTimeZone.Provider>
    </QueryClientProvider>,
  );
}

describe('a declined renewal on the account page', () => {
  afterEach(cleanup);

  it('alerts with the reason, the next attempt and an Update card button while the card is retried, and promises no charge', () => {
    renderCard({ renewal: { state: 'retrying', nextAttemptAt: '2027-02-03T09:00:00.000Z', lastDeclineMessage: 'Your card has insufficient funds.' } });
    const banner = screen.getByRole('alert');
    expect(within(banner).getByText('Your renewal payment failed')).toBeTruthy();
    expect(banner.textContent).toContain('Your card has insufficient funds. We will try again on February 3, 2027 at 4:00 AM (America/New_York). Update your card before then');
    expect(within(banner).getByRole('button', { name: 'Update card' })).toBeTruthy();
    expect(screen.getByTestId('auto-renew-status').textContent).toBe('On: the renewal payment was declined and will be tried again.');
    expect(document.body.textContent).not.toContain('your saved card is charged before the expiry');
  });

  it('names the expiry and the grace end once every attempt was declined', () => {
    renderCard({
      status: 'expired',
      graceEndsAt: '2027-02-08T09:00:00.000Z',
      renewal: { state: 'failed', nextAttemptAt: null, lastDeclineMessage: 'Your card has expired.' },
    });
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain(
      'Your card has expired. We will not try again. Your subscription expired on February 5, 2027 at 4:00 AM (America/New_York); your devices keep working until the grace period ends on February 8, 2027 at 4:00 AM (America/New_York).',
    );
    expect(within(banner).getByRole('button', { name: 'Update card' })).toBeTruthy();
  });

  it('shows no banner while the renewal is scheduled or off', () => {
    renderCard({ renewal: { state: 'scheduled', nextAttemptAt: null, lastDeclineMessage: null } });
    expect(screen.queryByTestId('renewal-declined')).toBeNull();
    cleanup();
    renderCard({ autoRenew: false, renewal: { state: 'off', nextAttemptAt: null, lastDeclineMessage: null } });
    expect(screen.queryByTestId('renewal-declined')).toBeNull();
  });
});
