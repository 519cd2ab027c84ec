import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { panelHealthNow } from '../../src/server/features/panel-watch/index';
import { settableClock } from '../../src/server/lib/clock';
import { mailOutbox } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { paidOrder } from '../support/paid-orders';
import { DAY, MINUTE, OWNER_EMAIL, recordedChecks, recordSales, seedChecks, subjectsTo } from '../support/panel-watch';
import { TELEGRAM_TEST_BOT, useTelegramStandIn } from '../support/telegram-stand-in';
import { useTestApp, type TestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

/**
 * The provisioning panel watched (decision 0093): one check a minute, the admin's Panel view
 * (System section) and the owner's alerts, by email and Telegram, on a settable clock
 * against the stand-ins of the reseller panel and of Telegram's Bot API.
 */

const START = new Date('2027-03-01T12:00:00.000Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);

const UNREACHABLE_ALERT = 'Alert: the provisioning panel has been unreachable for 5 minutes';
const UNREACHABLE_RECOVERY = 'Recovered: the provisioning panel answers again';
const CREDITS_ALERT = "Alert: the panel's credits run out within 3 days";
const CREDITS_RECOVERY = "Recovered: the panel's credits last more than 3 days";

/** The Panel view as the admin's browser gets it. */
async function panelView(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/panel', cookies: await signInAdmin(t) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function mailsTo(t: TestApp, to: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}

describe('the panel watched, with a reseller panel, an alert address and Telegram', () => {
  const clock = settableClock(START);
  const stand = usePanelStandIn();
  stand.env.ALERT_EMAIL = OWNER_EMAIL;
  const bot = useTelegramStandIn(stand.env);
  const t = useTestApp(stand.env, { clock });
  const checkAt = (minutes: number) => {
    clock.set(at(minutes));
    return t.services.panelWatch.checkNow();
  };

  beforeEach(() => clock.set(START));

  it('records one check a minute, with the reseller credits the panel gives', async () => {
    stand.panel.setCredits('120.50');
    expect(await checkAt(0)).toBe('recorded');
    // The same minute, 40 s later (another instance's tick): the minute has its check, the panel is not asked again.
    clock.set(new Date(at(0).getTime() + 40_000));
    expect(await t.services.panelWatch.checkNow()).toBe('already recorded');
    expect(stand.panel.requests.filter((request) => request.action === 'user_info')).toHaveLength(1);
    expect(await checkAt(1)).toBe('recorded');

    const checks = await recordedChecks(t);
    expect(checks.map((check) => [check.minute.toISOString(), check.reachable, check.error, check.credits])).toEqual([
      ['2027-03-01T12:00:00.000Z', true, null, 120.5],
      ['2027-03-01T12:01:00.000Z', true, null, 120.5],
    ]);
    expect(checks[0]!.checkedAt.toISOString()).toBe('2027-03-01T12:00:00.000Z');
    expect(checks.every((check) => check.latencyMs >= 0 && check.latencyMs < 10_000)).toBe(true);
  });

  it('records a panel that fails or refuses the key as unreachable, with why and never the key; one without user_info as reachable', async () => {
    stand.panel.goDown('error');
    await checkAt(0);
    stand.panel.recover();
    stand.panel.refuseNext('user_info', 'STATUS_INVALID_KEY');
    await checkAt(1);
    stand.panel.refuseNext('user_info', 'STATUS_INVALID_ACTION');
    await checkAt(2);

    const checks = await recordedChecks(t);
    expect(checks.map((check) => [check.reachable, check.error, check.credits])).toEqual([
      [false, 'Xtream panel answered HTTP 500 to user_info', null],
      [false, 'Xtream panel refused user_info: STATUS_INVALID_KEY (Refused user_info)', null],
      [true, null, null],
    ]);
    expect(JSON.stringify(checks)).not.toContain(stand.env.XTREAM_PANEL_API_KEY);
  });

  it("computes the last hour's latency p50 and p99 of the panel's answers and its errors from the recorded checks", async () => {
    // 11:01 to 12:00: 58 answers, slower first (580 ms down to 10 ms), and two failures; 11:00 and before are older than the hour.
    const failed = new Map([
      [20, 'Xtream panel answered HTTP 503 to user_info'],
      [45, 'Xtream panel unreachable for user_info: fetch failed (ECONNREFUSED)'],
    ]);
    let slowest = 580;
    const hour = Array.from({ length: 60 }, (_, i) => {
      const minute = i + 1;
      const error = failed.get(minute);
      if (error) return { minute: at(minute - 60), reachable: false, latencyMs: 10_000, error };
      const latencyMs = slowest;
      slowest -= 10;
      return { minute: at(minute - 60), reachable: true, latencyMs };
    });
    await seedChecks(t, [
      { minute: at(-90), reachable: false, latencyMs: 10_000, error: 'old' },
      { minute: at(-60), reachable: true, latencyMs: 99_999 },
      ...hour,
    ]);

    const view = await panelView(t);
    expect(view.lastHour).toEqual({
      checks: 60,
      errors: 2,
      p50Ms: 290,
      p99Ms: 580,
      recentErrors: [
        { checkedAt: '2027-03-01T11:45:00.000Z', reachable: false, latencyMs: 10_000, error: 'Xtream panel unreachable for user_info: fetch failed (ECONNREFUSED)' },
        { checkedAt: '2027-03-01T11:20:00.000Z', reachable: false, latencyMs: 10_000, error: 'Xtream panel answered HTTP 503 to user_info' },
      ],
    });
    expect(view.latest).toEqual({ checkedAt: '2027-03-01T12:00:00.000Z', reachable: true, latencyMs: 10, error: null });
  });

  it("says how many days the credits last at the last 7 days' sales: devices provisioned in 7 days / 7 a day", async () => {
    const now = START.getTime();
    await recordSales(t, [
      { devices: 4, paidAt: new Date(now - 1 * DAY) },
      { devices: 5, paidAt: new Date(now - 3 * DAY) },
      { devices: 5, paidAt: new Date(now - 7 * DAY + MINUTE) },
      // Not counted: before the 7 days, lines not made yet, refunded.
      { devices: 10, paidAt: new Date(now - 7 * DAY - MINUTE) },
      { devices: 3, paidAt: new Date(now - 2 * DAY), provisioned: false },
      { devices: 2, paidAt: new Date(now - 2 * DAY), status: 'refunded' },
    ]);
    await seedChecks(t, [{ minute: START, reachable: true, latencyMs: 40, credits: 9 }]);
    expect((await panelView(t)).credits).toEqual({ credits: 9, checkedAt: '2027-03-01T12:00:00.000Z', devicesLast7Days: 14, perDay: 2, daysLeft: 4.5 });
  });

  it('alerts the owner once when the panel has been unreachable for 5 minutes (not at 4), and once when it answers again', async () => {
    stand.panel.goDown('error');
    for (let minute = 0; minute <= 4; minute++) await checkAt(minute);
    expect(await subjectsTo(t, OWNER_EMAIL)).toEqual([]);
    await checkAt(5);
    expect(await subjectsTo(t, OWNER_EMAIL)).toEqual([UNREACHABLE_ALERT]);
    for (let minute = 6; minute <= 8; minute++) await checkAt(minute);
    expect(await subjectsTo(t, OWNER_EMAIL)).toEqual([UNREACHABLE_ALERT]);
    expect((await panelView(t)).alerts.active).toEqual([{ kind: 'unreachable', since: '2027-03-01T12:00:00.000Z' }]);

    stand.panel.recover();
    await checkAt(9);
    await checkAt(10);
    expect(await subjectsTo(t, OWNER_EMAIL)).toEqual([UNREACHABLE_ALERT, UNREACHABLE_RECOVERY]);
    expect((await panelView(t)).alerts.active).toEqual([]);

    const [alert, recovery] = await mailsTo(t, OWNER_EMAIL);
    expect(alert!.text).toContain("The provisioning panel has not answered the store's checks since March 1, 2027 at 12:00 PM (UTC).");
    expect(alert!.text).toContain('Last error: Xtream panel answered HTTP 500 to user_info');
    expect(alert!.text).toContain(`Panel view: ${t.config.PUBLIC_URL}/admin?tab=panel`);
    expect(alert!.html).toContain('Open the Panel view');
    expect(recovery!.text).toContain("The provisioning panel answered the store's check at March 1, 2027 at 12:09 PM (UTC), after failing since March 1, 2027 at 12:00 PM (UTC) (9 minutes).");

    // Each message once in the owner's chat, posted by its durable job.
    await t.services.jobs.drain();
    expect(bot.telegram.messages.map((message) => [message.chatId, message.text.split('\n')[0]])).toEqual([
      [TELEGRAM_TEST_BOT.chatId, 'The panel is unreachable'],
      [TELEGRAM_TEST_BOT.chatId, 'The panel answers again'],
    ]);
    expect(bot.telegram.messages[0]!.text).toBe(alert!.text);
  });

  it('alerts once when the credits will run out within 3 days at the last 7 days\' sales, and once when they last longer again', async () => {
    // 14 devices in the last 7 days: 2 credits a day.
    await recordSales(t, [
      { devices: 6, paidAt: new Date(START.getTime() - 1 * DAY) },
      { devices: 8, paidAt: new Date(START.getTime() - 6 * DAY) },
    ]);
    stand.panel.setCredits(7);
    await checkAt(0);
    expect(await subjectsTo(t, OWNER_EMAIL)).toEqual([]);
    stand.panel.setCredits(6);
    await checkAt(1);
    stand.panel.setCredits(4);
    await checkAt(2);
    expect(await subjectsTo(t, OWNER_EMAIL)).toEqual([CREDITS_ALERT]);
    const [alert] = await mailsTo(t, OWNER_EMAIL);
    expect(alert!.text).toContain("has 6 credits left: at the last 7 days' sales they last 3 days.");
    expect(alert!.text).toContain('Credits used: 2 a day (14 devices provisioned in the last 7 days)');

    stand.panel.setCredits(100);
    await checkAt(3);
    await checkAt(4);
    expect(await subjectsTo(t, OWNER_EMAIL)).toEqual([CREDITS_ALERT, CREDITS_RECOVERY]);
    const [, recovery] = await mailsTo(t, OWNER_EMAIL);
    expect(recovery!.text).toContain("has 100 credits: at the last 7 days' sales they last 50 days.");
  });

  it('answers the Panel view to an admin only, with the provisioning jobs waiting for the panel', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/panel' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Admin authentication required' });

    expect(await panelView(t)).toEqual({
      provider: 'xtream-panel',
      latest: null,
      lastHour: { checks: 0, errors: 0, p50Ms: null, p99Ms: null, recentErrors: [] },
      provisioningJobsWaiting: 0,
      credits: null,
      alerts: { email: OWNER_EMAIL, telegram: true, active: [] },
    });

    // A paid order while the panel is down: its provisioning job waits, then runs once the panel answers.
    stand.panel.goDown('error');
    const { oneMonth } = await seededPackages(t.app);
    await paidOrder(t, { packageId: oneMonth.id, devices: 2 });
    await t.services.jobs.drain();
    expect((await panelView(t)).provisioningJobsWaiting).toBe(1);
    stand.panel.recover();
    await t.services.jobs.drain({ includeDelayed: true });
    expect((await panelView(t)).provisioningJobsWaiting).toBe(0);
  });
});

describe('the panel watched on a store with the demo generator and no alert address', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });

  it('checks the demo, which always answers and gives no credits, and says that alerts have no address', async () => {
    clock.set(START);
    expect(await t.services.panelWatch.checkNow()).toBe('recorded');
    const view = await panelView(t);
    expect(view).toMatchObject({
      provider: 'generator',
      latest: { checkedAt: '2027-03-01T12:00:00.000Z', reachable: true, error: null },
      lastHour: { checks: 1, errors: 0 },
      credits: null,
      alerts: { email: null, telegram: false, active: [] },
    });
  });

  it('tells the status page whether the panel answered its latest check, and nothing from an old one', async () => {
    expect(await panelHealthNow(t.database.db, START)).toEqual({ reachable: null, checkedAt: null, unreachableSince: null });
    await seedChecks(t, [
      { minute: at(0), reachable: true, latencyMs: 12 },
      { minute: at(1), reachable: false, latencyMs: 10_000, error: 'down' },
      { minute: at(2), reachable: false, latencyMs: 10_000, error: 'down' },
    ]);
    expect(await panelHealthNow(t.database.db, new Date(at(2).getTime() + 30_000))).toEqual({ reachable: false, checkedAt: at(2), unreachableSince: at(1) });
    expect(await panelHealthNow(t.database.db, at(0))).toEqual({ reachable: true, checkedAt: at(0), unreachableSince: null });
    // No check in the last 5 minutes: unknown.
    expect(await panelHealthNow(t.database.db, at(8))).toEqual({ reachable: null, checkedAt: null, unreachableSince: null });
  });
});
