import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { answerOf, boughtSubscription, compensate, DAY_MS, expiriesOf, mailsKeyed, panelLinesOf, postIncident, unixSeconds } from '../support/incidents';
import { closeInstances, startInstances } from '../support/instances';
import { newPostgresDatabase } from '../support/test-db';
import { testConfig, type TestApp } from '../support/test-app';
import { startXtreamPanelStandIn, type XtreamPanelStandIn } from '../support/xtream-panel-stand-in';

/**
 * Two app instances on one PostgreSQL database, one reseller panel (decision 0094): the owner's
 * "Compensate" reaches both at the same moment while the panel is down. Each affected
 * subscription gets its days once, each customer one email; once the panel is back, both
 * instances' passes run at the same moment and every panel line is extended exactly once.
 * PostgreSQL only: the file name keeps it out of the PGlite project.
 */
const START = '2027-03-01T10:00:00.000Z';
const API_KEY = 'panel-key-0123456789';

describe('two instances compensating one incident at once on one PostgreSQL', () => {
  const clock = settableClock(START);
  let instances: TestApp[] = [];
  let panel: XtreamPanelStandIn;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    panel = await startXtreamPanelStandIn({ apiKey: API_KEY });
    const created = await newPostgresDatabase('storefront_incidents');
    drop = created.drop;
    const config = testConfig({ DATABASE_URL: created.url, XTREAM_PANEL_URL: panel.url, XTREAM_PANEL_API_KEY: API_KEY });
    // The helpers of support/incidents take a test app; these instances' databases are not emptied between tests.
    instances = (await startInstances(2, { config, clock })).map((instance) => ({ ...instance, database: instance.database as TestApp['database'] }));
  }, 120_000);

  afterAll(async () => {
    await closeInstances(instances);
    await drop?.();
    await panel?.close();
  });

  it('extends each affected line exactly once, on the store and, after a panel outage, on the panel', async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const { oneMonth, twelveMonths } = await seededPackages(a.app);
    const bought = [
      await boughtSubscription(a, { packageId: oneMonth.id, email: 'ada.two@example.com', devices: 2 }),
      await boughtSubscription(b, { packageId: twelveMonths.id, email: 'ada.two@example.com' }),
      await boughtSubscription(a, { packageId: oneMonth.id, email: 'bob.two@example.com', devices: 3 }),
    ];
    const ids = bought.map((row) => row.id);
    const lines = await panelLinesOf(a.database.db, ids);
    expect(lines).toHaveLength(6);
    // One admin session, as the two instances share their sessions' table.
    const admin = await signInAdmin(a);
    const posted = answerOf(await postIncident(b.app, admin, { title: 'Panel outage', message: 'No channel plays.' }), 201);

    panel.goDown('error');
    const pressed = await Promise.all([compensate(a.app, admin, posted.incident.id, 5), compensate(b.app, admin, posted.incident.id, 5)]);
    expect(pressed.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    await Promise.all([a.services.jobs.drain(), b.services.jobs.drain()]);
    const extended = await expiriesOf(a.database.db, ids);
    for (const row of bought) expect(extended.get(row.id)!.getTime() - row.expirationDate.getTime()).toBe(5 * DAY_MS);
    expect((await mailsKeyed(a.database.db, 'incident-compensation:')).map((mail) => mail.to).sort()).toEqual(['ada.two@example.com', 'bob.two@example.com']);
    for (const { lineId } of lines) expect(panel.lines.get(lineId)!.expDate).toBeLessThan(unixSeconds(extended.get(lines.find((line) => line.lineId === lineId)!.subscriptionId)!));

    panel.recover();
    const sentBefore = panel.requests.length;
    const passes = await Promise.all([a.services.incidents.runPanelPass(), b.services.incidents.runPanelPass(), a.services.incidents.runPanelPass()]);
    expect(passes.reduce((sum, done) => sum + done, 0)).toBe(3);
    await Promise.all([a.services.jobs.drain({ includeDelayed: true }), b.services.jobs.drain({ includeDelayed: true })]);
    expect(await Promise.all([a.services.incidents.runPanelPass(), b.services.incidents.runPanelPass()])).toEqual([0, 0]);

    const edits = panel.requests.slice(sentBefore).filter((request) => request.action === 'edit_line');
    expect(edits.map((request) => request.fields.id).sort()).toEqual(lines.map((line) => line.lineId).sort());
    for (const { subscriptionId, lineId } of lines) expect(panel.lines.get(lineId)!.expDate).toBe(unixSeconds(extended.get(subscriptionId)!));
    // Five days, once: not ten.
    expect(await expiriesOf(b.database.db, ids)).toEqual(extended);
    expect(extended.get(bought[0]!.id)!.getTime() - Date.parse(START)).toBeLessThan(40 * DAY_MS);
  });
});
