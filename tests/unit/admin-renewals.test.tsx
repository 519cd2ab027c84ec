// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAutoRenewingSubscription, AdminFailedRenewal } from '../../src/contract/admin-renewals';
import { calls, EMPTY_ADMIN, json, renderAt, serve, toastText, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

// Not a React hook, whatever its name: it registers this file's vitest hooks.
setUpAdminUi();
beforeAll(async () => {
  await import('../../src/client/features/admin/renewals/RenewalsTab');
});

// Each currency's renewals apart (decision 0105): the 30 days hold a EUR renewal beside three USD ones.
const FORECAST = [
  { days: 7, count: 1, expectedRevenue: '15.99', byCurrency: [{ currency: 'USD', count: 1, expectedRevenue: '15.99' }] },
  {
    days: 30,
    count: 4,
    expectedRevenue: '61.97',
    byCurrency: [
      { currency: 'USD', count: 3, expectedRevenue: '61.97' },
      { currency: 'EUR', count: 1, expectedRevenue: '20.48' },
    ],
  },
];

const failed: AdminFailedRenewal = {
  id: '0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11',
  subscriptionId: '9d1c2f1e-0000-4000-8000-000000000001',
  orderId: 'SP-1-000001',
  customerEmail: 'mona@example.com',
  customerName: 'Mona Lisa',
  packageName: '1 Month Premium',
  periodEnd: '2027-02-05T09:00:00.000Z',
  amount: '14.99',
  currency: 'EUR',
  status: 'failed',
  attempts: 3,
  reason: 'Your card has insufficient funds.',
  failedAt: '2027-02-05T09:00:00.000Z',
};

const subscription: AdminAutoRenewingSubscription = {
  subscriptionId: '9d1c2f1e-0000-4000-8000-000000000001',
  orderId: 'SP-1-000001',
  customerEmail: 'mona@example.com',
  customerName: 'Mona Lisa',
  packageName: '1 Month Premium',
  deviceCount: 2,
  status: 'active',
  expirationDate: '2027-02-05T09:00:00.000Z',
  nextChargeAt: '2027-02-02T09:00:00.000Z',
  renewal: null,
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
};

const store = (extra: Record<string, Handler>) => serve({ ...EMPTY_ADMIN, ...extra });

describe('the Renewals section', () => {
  it('shows the forecast, a failed renewal with its reason and its actions, and each auto-renewing subscription with its card', async () => {
    store({
      'GET /api/admin/renewals': () => json(200, { upcoming: FORECAST, failed: [failed] }),
      'GET /api/admin/renewals/subscriptions': () => json(200, [subscription], { 'x-total-count': '1' }),
      'POST /api/admin/renewals/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11/retry': () => json(200, { message: 'The card was declined again; no attempt is left' }),
    });
    const { user } = renderAt('/admin?tab=renewals');
    const figures = await screen.findByRole('region', { name: 'Upcoming renewals' });
    await waitFor(() => expect(within(figures).getAllByRole('definition').map((value) => value.textContent)).toEqual(['1', '$15.99', '4', '$61.97 · €20.48']));
    const card = await screen.findByTestId('failed-renewal');
    expect(within(card).getByText('Declined')).toBeTruthy();
    expect(within(card).getByText('Reason: Your card has insufficient funds.')).toBeTruthy();
    expect(within(card).getByText('€14.99')).toBeTruthy();
    expect((await screen.findByTestId('auto-renewing-subscription')).textContent).toContain('Visa ending 4242, expires 12/2030');

    await user.click(within(card).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(toastText()).toContain('The card was declined again; no attempt is left'));
    expect(calls('POST', '/api/admin/renewals/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11/retry')).toHaveLength(1);
  });

  it('names the customer and the subscription of a failed renewal, with when it failed, and dismisses it off the list', async () => {
    let dismissed = false;
    store({
      'GET /api/admin/renewals': () => json(200, { upcoming: FORECAST, failed: dismissed ? [] : [failed] }),
      'GET /api/admin/renewals/subscriptions': () => json(200, [subscription], { 'x-total-count': '1' }),
      'POST /api/admin/renewals/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11/dismiss': () => {
        dismissed = true;
        return json(200, { message: 'Failed renewal dismissed: it no longer shows in this list' });
      },
    });
    const { user } = renderAt('/admin?tab=renewals');
    const card = await screen.findByTestId('failed-renewal');
    expect(within(card).getByText('Mona Lisa')).toBeTruthy();
    expect(within(card).getByText('mona@example.com')).toBeTruthy();
    const facts = Object.fromEntries(within(card).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Package: '1 Month Premium', Subscription: 'SP-1-000001', Failed: 'Feb 5, 2027, 9:00 AM', Attempts: '3' });
    expect(within(card).getByText('Reason: Your card has insufficient funds.')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Dismiss the failed renewal of mona@example.com' }));
    await waitFor(() => expect(toastText()).toContain('Failed Renewal Dismissed|Failed renewal dismissed: it no longer shows in this list'));
    expect(calls('POST', '/api/admin/renewals/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11/dismiss')).toHaveLength(1);
    expect(await screen.findByText('No Failed Renewals')).toBeTruthy();
    expect(screen.queryByTestId('failed-renewal')).toBeNull();
  });

  it('says a declined charge waiting for its retry, and when it is retried, not that a charge is scheduled', async () => {
    const retrying = { ...subscription, renewal: { id: failed.id, status: 'scheduled' as const, attempts: 1, reason: 'Your card has insufficient funds.', retryAt: '2027-02-03T09:00:00.000Z' } };
    const firstTry = { ...subscription, subscriptionId: '9d1c2f1e-0000-4000-8000-000000000002', renewal: { ...retrying.renewal, attempts: 0, reason: null, retryAt: null } };
    store({
      'GET /api/admin/renewals': () => json(200, { upcoming: FORECAST, failed: [] }),
      'GET /api/admin/renewals/subscriptions': () => json(200, [retrying, firstTry], { 'x-total-count': '2' }),
    });
    renderAt('/admin?tab=renewals');
    const [declined, scheduled] = await screen.findAllByTestId('auto-renewing-subscription');
    expect(within(declined!).getByText('Declined: retrying on Feb 3, 2027')).toBeTruthy();
    expect(declined!.textContent).not.toContain('Charge scheduled');
    expect(within(scheduled!).getByText('Charge scheduled')).toBeTruthy();
  });

  it('says when nothing failed and no subscription renews by itself, and offers a retry when the figures fail', async () => {
    store({
      'GET /api/admin/renewals': () => json(500, { message: 'Internal Server Error' }),
      'GET /api/admin/renewals/subscriptions': () => json(200, [], { 'x-total-count': '0' }),
    });
    const { user } = renderAt('/admin?tab=renewals');
    expect((await screen.findByRole('alert')).textContent).toContain('The renewals could not be loaded.');
    expect(await screen.findByText('No Auto-Renewing Subscriptions')).toBeTruthy();

    store({
      'GET /api/admin/renewals': () => json(200, { upcoming: FORECAST, failed: [] }),
      'GET /api/admin/renewals/subscriptions': () => json(200, [], { 'x-total-count': '0' }),
    });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No Failed Renewals')).toBeTruthy();
  });
});
