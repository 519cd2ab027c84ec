import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { MINUTE, OWNER_EMAIL, recordedChecks, subjectsTo } from '../support/panel-watch';
import { startTelegramStandIn, TELEGRAM_TEST_BOT, type TelegramStandIn } from '../support/telegram-stand-in';
import { closeInstances, startInstances, type Instance } from '../support/instances';
import { newPostgresDatabase } from '../support/test-db';
import { testConfig } from '../support/test-app';
import { startXtreamPanelStandIn, type XtreamPanelStandIn } from '../support/xtream-panel-stand-in';

/**
 * Two app instances on one PostgreSQL database watch one panel (decision 0093): each minute
 * has one recorded check whichever instance comes first, and each alert and recovery is
 * emailed and posted once, however many instances review the checks at the same moment.
 * PostgreSQL only: the file name keeps it out of the PGlite project.
 */
const START = new Date('2027-03-01T12:00:00.000Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);
const API_KEY = 'panel-key-0123456789';

describe('two instances watching one panel on one PostgreSQL', () => {
  const clock = settableClock(START);
  let instances: Instance[] = [];
  let panel: XtreamPanelStandIn;
  let telegram: TelegramStandIn;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    panel = await startXtreamPanelStandIn({ apiKey: API_KEY });
    telegram = await startTelegramStandIn(TELEGRAM_TEST_BOT);
    const created = await newPostgresDatabase('storefront_panel_watch');
    drop = created.drop;
    const config = testConfig({
      DATABASE_URL: created.url,
      XTREAM_PANEL_URL: panel.url,
      XTREAM_PANEL_API_KEY: API_KEY,
      ALERT_EMAIL: OWNER_EMAIL,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TEST_BOT.token,
      TELEGRAM_CHAT_ID: TELEGRAM_TEST_BOT.chatId,
      TELEGRAM_API_URL: telegram.url,
    });
    instances = await startInstances(2, { config, clock, poolSize: 5 });
  }, 120_000);

  afterAll(async () => {
    await closeInstances(instances);
    await drop?.();
    await panel?.close();
    await telegram?.close();
  });

  it('records one check per minute, whichever instance comes first', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    panel.setCredits(500);
    for (let minute = 0; minute < 3; minute++) {
      clock.set(new Date(at(minute).getTime() + 20_000));
      const outcomes = await Promise.all([a.services.panelWatch.checkNow(), b.services.panelWatch.checkNow(), a.services.panelWatch.checkNow(), b.services.panelWatch.checkNow()]);
      expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(1);
    }
    const checks = await recordedChecks(a);
    expect(checks.map((check) => [check.minute.toISOString(), check.reachable, check.credits])).toEqual([
      ['2027-03-01T12:00:00.000Z', true, 500],
      ['2027-03-01T12:01:00.000Z', true, 500],
      ['2027-03-01T12:02:00.000Z', true, 500],
    ]);
  });

  it('emails and posts each alert and each recovery once, however many instances review the checks at once', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const reviewEverywhere = (minute: number) =>
      Promise.all([a.services.panelWatch.reviewAlerts(at(minute)), b.services.panelWatch.reviewAlerts(at(minute)), a.services.panelWatch.reviewAlerts(at(minute))]);

    panel.goDown('error');
    for (let minute = 10; minute <= 16; minute++) {
      clock.set(at(minute));
      await Promise.all([a.services.panelWatch.checkNow(), b.services.panelWatch.checkNow()]);
      await reviewEverywhere(minute);
    }
    expect(await subjectsTo(a, OWNER_EMAIL)).toEqual(['Alert: the provisioning panel has been unreachable for 5 minutes']);

    panel.recover();
    for (let minute = 17; minute <= 18; minute++) {
      clock.set(at(minute));
      await Promise.all([a.services.panelWatch.checkNow(), b.services.panelWatch.checkNow()]);
      await reviewEverywhere(minute);
    }
    expect(await subjectsTo(a, OWNER_EMAIL)).toEqual(['Alert: the provisioning panel has been unreachable for 5 minutes', 'Recovered: the provisioning panel answers again']);

    await a.services.jobs.drain();
    await b.services.jobs.drain();
    expect(telegram.messages.map((message) => message.text.split('\n')[0])).toEqual(['The panel is unreachable', 'The panel answers again']);
  });
});
