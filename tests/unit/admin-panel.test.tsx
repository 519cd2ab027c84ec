// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPanelView } from '../../src/contract/admin-panel';
import { EMPTY_ADMIN, json, renderAt, serve, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

// Not a React hook, whatever its name: it registers this file's vitest hooks.
setUpAdminUi();
beforeAll(async () => {
  await import('../../src/client/features/admin/panel/PanelTab');
});

const NO_CHECKS: AdminPanelView = {
  provider: 'xtream-panel',
  latest: null,
  lastHour: { checks: 0, errors: 0, p50Ms: null, p99Ms: null, recentErrors: [] },
  provisioningJobsWaiting: 0,
  credits: null,
  alerts: { email: null, telegram: false, active: [] },
};

const DOWN: AdminPanelView = {
  provider: 'xtream-panel',
  latest: { checkedAt: '2027-03-01T12:09:00.000Z', reachable: false, latencyMs: 10_000, error: 'Xtream panel answered HTTP 503 to user_info' },
  lastHour: {
    checks: 60,
    errors: 10,
    p50Ms: 290,
    p99Ms: 1480,
    recentErrors: [
      { checkedAt: '2027-03-01T12:09:00.000Z', reachable: false, latencyMs: 10_000, error: 'Xtream panel answered HTTP 503 to user_info' },
      { checkedAt: '2027-03-01T12:08:00.000Z', reachable: false, latencyMs: 4, error: 'Xtream panel unreachable for user_info: fetch failed (ECONNREFUSED)' },
    ],
  },
  provisioningJobsWaiting: 3,
  credits: { credits: 9, checkedAt: '2027-03-01T11:59:00.000Z', devicesLast7Days: 14, perDay: 2, daysLeft: 4.5 },
  alerts: { email: 'owner@streamplus.example', telegram: true, active: [{ kind: 'unreachable', since: '2027-03-01T12:00:00.000Z' }] },
};

const store = (panel: Handler) => serve({ ...EMPTY_ADMIN, 'GET /api/admin/panel': panel });

describe('the Panel section', () => {
  it('shows the panel unreachable now, the hour in figures, the credits with the days they last and where alerts go', async () => {
    store(() => json(200, DOWN));
    renderAt('/admin?tab=panel');
    const now = await screen.findByTestId('panel-now');
    expect(within(now).getByText('Unreachable')).toBeTruthy();
    expect(now.textContent).toContain('Mar 1, 2027, 12:09 PM');
    expect(now.textContent).toContain('Xtream panel answered HTTP 503 to user_info');

    const figures = screen.getByRole('region', { name: 'The panel over the last hour' });
    expect(within(figures).getAllByRole('definition').map((value) => value.textContent)).toEqual(['290 ms', '1,480 ms', '10 of 60 checks', '3']);
    expect(within(figures).getAllByRole('term').map((term) => term.textContent)).toEqual(['Latency p50, last hour', 'Latency p99, last hour', 'Errors, last hour', 'Provisioning jobs waiting']);

    const credits = screen.getByTestId('panel-credits');
    expect(credits.textContent).toContain('9 credits');
    expect(credits.textContent).toContain("They last about 4.5 days at the last 7 days' sales.");
    expect(credits.textContent).toContain('Credits a day = devices provisioned in the last 7 days (14 devices: new subscriptions, renewals and trials, one credit each) ÷ 7 = 2.');

    expect(screen.getAllByTestId('panel-error').map((item) => item.textContent)).toEqual([
      'Mar 1, 2027, 12:09 PMXtream panel answered HTTP 503 to user_info',
      'Mar 1, 2027, 12:08 PMXtream panel unreachable for user_info: fetch failed (ECONNREFUSED)',
    ]);
    const alerts = screen.getByTestId('panel-alerts');
    expect(alerts.textContent).toContain('owner@streamplus.example');
    expect(alerts.textContent).toContain('On: each alert is posted to the configured chat');
    expect(within(alerts).getByRole('list', { name: 'Alerts raised now' }).textContent).toBe('Unreachable for 5 minutes or more, since Mar 1, 2027, 12:00 PM');
  });

  it('says when nothing was checked yet, that the panel gives no credits and that alerts have no address', async () => {
    store(() => json(200, NO_CHECKS));
    renderAt('/admin?tab=panel');
    expect(await screen.findByText('No Checks Yet')).toBeTruthy();
    expect(screen.getByText('No Errors in the Last Hour')).toBeTruthy();
    expect(screen.getByTestId('panel-credits').textContent).toContain('Not given by the panel.');
    const alerts = screen.getByTestId('panel-alerts');
    expect(alerts.textContent).toContain('Alerts have no address: set ALERT_EMAIL to be emailed them.');
    expect(alerts.textContent).toContain('No alert is raised now.');
    expect(within(screen.getByRole('region', { name: 'The panel over the last hour' })).getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'No answers',
      'No answers',
      '0 of 0 checks',
      '0',
    ]);
    expect(screen.queryByTestId('panel-demo')).toBeNull();
  });

  it('labels the demo generator as the demo', async () => {
    store(() => json(200, { ...NO_CHECKS, provider: 'generator', latest: { checkedAt: '2027-03-01T12:09:00.000Z', reachable: true, latencyMs: 0, error: null } }));
    renderAt('/admin?tab=panel');
    expect((await screen.findByTestId('panel-demo')).textContent).toContain('Demo: no reseller panel is configured (XTREAM_PANEL_URL)');
    expect(within(screen.getByTestId('panel-now')).getByText('Reachable')).toBeTruthy();
    expect(screen.getByTestId('panel-credits').textContent).toContain('The demo generator spends no credits.');
  });

  it('offers to try again when the checks cannot be loaded', async () => {
    store(() => json(500, { message: 'Internal Server Error' }));
    const { user } = renderAt('/admin?tab=panel');
    expect((await screen.findByRole('alert')).textContent).toContain("The panel's checks could not be loaded.");
    store(() => json(200, DOWN));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(within(await screen.findByTestId('panel-now')).getByText('Unreachable')).toBeTruthy();
  });
});
