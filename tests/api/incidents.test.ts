import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { customerDateTime } from '../../src/domain/store-time';
import { customers, incidentCompensationLines, incidents, subscriptions } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import {
  answerOf,
  auditRowsOf,
  boughtSubscription,
  compensate,
  DAY_MS,
  endIncident,
  expiriesOf,
  incidentDetail,
  mailsKeyed,
  panelLinesOf,
  postIncident,
  unixSeconds,
} from '../support/incidents';
import { useTestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

/**
 * The status page's incidents and their compensation (decision 0094), through the admin's API
 * on PGlite and PostgreSQL, with the reseller panel's stand-in: posting emails the affected
 * active customers once; ending one that lasted over an hour offers "Compensate N days"; a
 * compensation adds its days once to every affected running subscription, on the store and
 * on the panel, emails each customer once and is audited; a panel outage is finished by the
 * next pass. Two instances at once: incidents-compensation.postgres.test.ts.
 */
const START = '2027-03-01T10:00:00.000Z';
const UNKNOWN_INCIDENT = '0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11';

describe('incidents', () => {
  const clock = settableClock(START);
  const stand = usePanelStandIn();
  const t = useTestApp(stand.env, { clock });
  let admin: { asid: string };
  beforeEach(async () => {
    clock.set(START);
    admin = await signInAdmin(t);
  });

  it('answers only an admin session', async () => {
    const customer = await registerCustomer(t.app);
    for (const [method, url] of [
      ['GET', '/api/admin/incidents'],
      ['POST', '/api/admin/incidents'],
      ['GET', `/api/admin/incidents/${UNKNOWN_INCIDENT}`],
      ['PATCH', `/api/admin/incidents/${UNKNOWN_INCIDENT}`],
      ['POST', `/api/admin/incidents/${UNKNOWN_INCIDENT}/compensate`],
    ] as const) {
      const payload = method === 'GET' ? undefined : { title: 'Down', message: 'Down', days: 3, endedAt: START };
      expect([url, (await t.app.inject({ method, url, payload })).statusCode]).toEqual([url, 401]);
      expect([401, 403]).toContain((await t.app.inject({ method, url, payload, cookies: customer.cookies })).statusCode);
    }
    expect(await t.database.db.select().from(incidents)).toEqual([]);
  });

  it('posts an incident to the status page and emails each affected active customer once, however often it is sent', async () => {
    const { oneMonth, twelveMonths } = await seededPackages(t.app);
    const ada = 'ada.incident@example.com';
    await boughtSubscription(t, { packageId: oneMonth.id, email: ada });
    await boughtSubscription(t, { packageId: oneMonth.id, email: ada });
    await boughtSubscription(t, { packageId: twelveMonths.id, email: 'bob.incident@example.com' });
    const lapsed = await boughtSubscription(t, { packageId: oneMonth.id, email: 'cy.incident@example.com' });
    await t.database.db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.id, lapsed.id));

    const incident = { title: 'Some channels are not playing', message: 'Sports channels do not start.\n\nWe are on it.', packages: [oneMonth.id], notify: true };
    const posted = answerOf(await postIncident(t.app, admin, incident), 201);
    expect(posted.message).toBe('Incident posted. 1 customer was emailed.');
    expect(posted.incident).toMatchObject({ title: 'Some channels are not playing', packages: [{ id: oneMonth.id, name: '1 Month Premium' }], startedAt: START, endedAt: null, notifiedCustomers: 1, compensation: null });

    const notices = await mailsKeyed(t.database.db, 'incident-notice:');
    expect(notices.map((mail) => [mail.to, mail.subject])).toEqual([[ada, 'Service notice: Some channels are not playing']]);
    expect(notices[0]!.text).toContain('Sports channels do not start.\n\nWe are on it.');
    expect(notices[0]!.text).toContain('Affects: 1 Month Premium');
    expect(notices[0]!.text).toContain('http://localhost:5000/status');

    // The same incident again (a double click, a retried request): the open one, and no email.
    const again = answerOf(await postIncident(t.app, admin, incident), 200);
    expect(again.message).toBe('This incident is already open on the status page: nothing was posted or emailed again.');
    expect(again.incident.id).toBe(posted.incident.id);
    // Two at once of another incident: one posts and emails, the other finds it.
    const other = { title: 'Sign-in is slow', message: 'Pages take long to open.', notify: true };
    const both = await Promise.all([postIncident(t.app, admin, other), postIncident(t.app, admin, other)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(await t.database.db.select().from(incidents)).toHaveLength(2);
    expect((await mailsKeyed(t.database.db, 'incident-notice:')).map((mail) => mail.to).sort()).toEqual([ada, ada, 'bob.incident@example.com']);
    expect(await auditRowsOf(t.database.db, 'incident.post', posted.incident.id)).toMatchObject([{ adminUsername: 'owner', after: { title: 'Some channels are not playing', affects: '1 Month Premium', notifiedCustomers: 1 } }]);

    const status = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ status: 'degraded', checks: { database: 'reachable', panel: 'not_watched' } });
    expect(status.json().incidents.map((shown: { title: string; packages: unknown }) => [shown.title, shown.packages])).toEqual([
      ['Sign-in is slow', null],
      ['Some channels are not playing', [{ id: oneMonth.id, name: '1 Month Premium' }]],
    ]);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/incidents?limit=1', cookies: admin });
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json()).toHaveLength(1);
  });

  it('refuses an incident without a title, with an unknown package or starting in the future, and writes nothing', async () => {
    const refusals = [
      [{ title: ' ', message: 'x' }, 'Title is required'],
      [{ title: 'Down', message: '' }, 'Message is required'],
      [{ title: 'Down', message: 'x', packages: ['no-such-package'] }, 'Unknown package: no-such-package'],
      [{ title: 'Down', message: 'x', startedAt: '2027-03-01T11:00:00Z' }, 'startedAt must not be in the future'],
      [{ title: 'Down', message: 'x', notify: 'yes' }, 'notify must be true or false'],
    ] as const;
    for (const [payload, message] of refusals) {
      const response = await postIncident(t.app, admin, payload);
      expect([response.statusCode, response.json().message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect(await t.database.db.select().from(incidents)).toEqual([]);
  });

  it('ends an incident: the store is operational again, and one that lasted over an hour is offered "Compensate N days"', async () => {
    const long = answerOf(await postIncident(t.app, admin, { title: 'Panel outage', message: 'No channel plays.', startedAt: '2027-03-01T07:00:00Z' }), 201);
    const short = answerOf(await postIncident(t.app, admin, { title: 'A blip', message: 'Some streams buffered.', startedAt: '2027-03-01T09:40:00Z' }), 201);
    expect((await t.app.inject({ method: 'GET', url: '/api/status' })).json().status).toBe('degraded');

    const ended = answerOf(await endIncident(t.app, admin, long.incident.id, START), 200);
    expect(ended.message).toBe('Incident ended after 3 hours. You can compensate the affected customers now.');
    expect(ended.incident).toMatchObject({ endedAt: START, compensationOffered: true, suggestedDays: 1 });
    const blip = answerOf(await endIncident(t.app, admin, short.incident.id, START), 200);
    expect(blip.message).toBe('Incident ended after 20 minutes.');
    expect(blip.incident.compensationOffered).toBe(false);
    expect(await auditRowsOf(t.database.db, 'incident.end', long.incident.id)).toMatchObject([{ adminUsername: 'owner', before: { endedAt: null }, after: { endedAt: START } }]);

    const status = (await t.app.inject({ method: 'GET', url: '/api/status' })).json();
    expect(status.status).toBe('operational');
    expect(status.incidents.map((shown: { title: string; endedAt: string }) => [shown.title, shown.endedAt])).toEqual([
      ['A blip', START],
      ['Panel outage', START],
    ]);
    // A week and a day later the page no longer lists them.
    clock.set(new Date(Date.parse(START) + 8 * DAY_MS));
    expect((await t.app.inject({ method: 'GET', url: '/api/status' })).json().incidents).toEqual([]);
  });

  it('refuses an end before the start or in the future, and an incident that does not exist', async () => {
    const posted = answerOf(await postIncident(t.app, admin, { title: 'Panel outage', message: 'No channel plays.' }), 201);
    const early = await endIncident(t.app, admin, posted.incident.id, '2027-03-01T09:00:00Z');
    expect([early.statusCode, early.json().message]).toEqual([400, 'endedAt must not be before the incident started (2027-03-01T10:00:00.000Z)']);
    const later = await endIncident(t.app, admin, posted.incident.id, '2027-03-02T10:00:00Z');
    expect([later.statusCode, later.json().message]).toEqual([400, 'endedAt must not be in the future']);
    for (const id of [UNKNOWN_INCIDENT, 'SP-1-1']) {
      for (const response of [await endIncident(t.app, admin, id, START), await compensate(t.app, admin, id, 3), await t.app.inject({ method: 'GET', url: `/api/admin/incidents/${id}`, cookies: admin })]) {
        expect([response.statusCode, response.json()]).toEqual([404, { message: 'Incident not found' }]);
      }
    }
    expect((await incidentDetail(t.app, admin, posted.incident.id)).endedAt).toBeNull();
  });

  it('refuses a compensation of 0 days, 31 days or anything but a whole number, with its reason, and extends nothing', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const bought = await boughtSubscription(t, { packageId: oneMonth.id });
    const posted = answerOf(await postIncident(t.app, admin, { title: 'Panel outage', message: 'No channel plays.' }), 201);
    for (const days of [0, 31, -1, 1.5, '7', null]) {
      const response = await compensate(t.app, admin, posted.incident.id, days);
      expect([days, response.statusCode, response.json()]).toEqual([days, 400, { message: expect.stringContaining('days must be a whole number from 1 to 30') }]);
    }
    expect((await expiriesOf(t.database.db, [bought.id])).get(bought.id)).toEqual(bought.expirationDate);
    expect((await incidentDetail(t.app, admin, posted.incident.id)).compensation).toBeNull();
  });

  it('compensates every affected running subscription once, on the store and the panel, emails each customer once, audited', async () => {
    const { oneMonth, twelveMonths, trial } = await seededPackages(t.app);
    const ada = 'ada.lovelace.incident@example.com';
    const bob = 'bob.kahn.incident@example.com';
    const adasFirst = await boughtSubscription(t, { packageId: oneMonth.id, email: ada, devices: 2 });
    const adasSecond = await boughtSubscription(t, { packageId: twelveMonths.id, email: ada });
    const bobs = await boughtSubscription(t, { packageId: oneMonth.id, email: bob });
    const trialRun = await boughtSubscription(t, { packageId: trial.id, email: 'trial.incident@example.com', paymentMethod: 'free' });
    const lapsed = await boughtSubscription(t, { packageId: oneMonth.id, email: 'lapsed.incident@example.com' });
    await t.database.db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.id, lapsed.id));
    const compensated = [adasFirst, adasSecond, bobs];

    clock.set('2027-03-01T11:00:00.000Z');
    const posted = answerOf(await postIncident(t.app, admin, { title: 'No channel plays', message: 'Our streaming panel is down.', notify: true }), 201);
    clock.set('2027-03-01T14:30:00.000Z');
    const ended = answerOf(await endIncident(t.app, admin, posted.incident.id, clock.now()), 200);
    expect(ended.incident).toMatchObject({ compensationOffered: true, suggestedDays: 1 });
    // Bought after the incident ended: nothing to make good.
    clock.set('2027-03-01T15:00:00.000Z');
    const late = await boughtSubscription(t, { packageId: oneMonth.id, email: 'late.incident@example.com' });
    const untouched = [trialRun, lapsed, late];
    const before = await expiriesOf(t.database.db, [...compensated, ...untouched].map((row) => row.id));

    const done = answerOf(await compensate(t.app, admin, posted.incident.id, 3), 200);
    expect(done.message).toBe('Added 3 days to 3 subscriptions of 2 customers; each customer was emailed. The panel follows in the background.');
    expect(done.incident.compensation).toMatchObject({ days: 3, by: 'owner', subscriptions: 3, customers: 2 });
    expect(done.incident.compensationOffered).toBe(false);
    await t.services.jobs.drain();

    const after = await expiriesOf(t.database.db, [...compensated, ...untouched].map((row) => row.id));
    for (const row of compensated) expect(after.get(row.id)!.getTime() - before.get(row.id)!.getTime()).toBe(3 * DAY_MS);
    for (const row of untouched) expect(after.get(row.id)).toEqual(before.get(row.id));
    const lines = await panelLinesOf(t.database.db, compensated.map((row) => row.id));
    expect(lines).toHaveLength(4);
    for (const { subscriptionId, lineId } of lines) expect(stand.panel.lines.get(lineId)!.expDate).toBe(unixSeconds(after.get(subscriptionId)!));
    expect((await incidentDetail(t.app, admin, posted.incident.id)).compensation!.panelPending).toBe(0);

    const emails = await mailsKeyed(t.database.db, 'incident-compensation:');
    expect(emails.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      [ada, 'We added 3 days to your StreamPlus subscription'],
      [bob, 'We added 3 days to your StreamPlus subscription'],
    ]);
    const adasEmail = emails.find((mail) => mail.to === ada)!.text;
    expect(adasEmail).toContain(`1 Month Premium (${adasFirst.orderId}): now expires ${customerDateTime(after.get(adasFirst.id)!, 'UTC')}`);
    expect(adasEmail).toContain(`12 Months Premium (${adasSecond.orderId}): now expires ${customerDateTime(after.get(adasSecond.id)!, 'UTC')}`);
    expect(await auditRowsOf(t.database.db, 'incident.compensate', posted.incident.id)).toMatchObject([
      { adminUsername: 'owner', before: { compensated: false }, after: { title: 'No channel plays', days: 3, subscriptions: 3, customers: 2 } },
    ]);

    // Pressed again: refused, and nothing moves.
    const twice = await compensate(t.app, admin, posted.incident.id, 5);
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: 'This incident was already compensated: 3 days added by owner.' }]);
    await t.services.jobs.drain();
    expect(await expiriesOf(t.database.db, [...compensated, ...untouched].map((row) => row.id))).toEqual(after);
    expect(await mailsKeyed(t.database.db, 'incident-compensation:')).toHaveLength(2);
    expect(await auditRowsOf(t.database.db, 'incident.compensate', posted.incident.id)).toHaveLength(1);

    // The closing note's record of one incident, from its post to its compensation.
    const notices = await mailsKeyed(t.database.db, 'incident-notice:');
    const story = [
      `Incident "${posted.incident.title}" posted at ${posted.incident.startedAt}: ${posted.message}`,
      ...notices.map((mail) => `  notice to ${mail.to}: "${mail.subject}"`),
      `Ended at ${ended.incident.endedAt}: ${ended.message}`,
      `POST /api/admin/incidents/${posted.incident.id}/compensate { days: 3 } -> 200: ${done.message}`,
      ...compensated.map((row, index) => `  subscription ${index + 1} (${row.orderId}): expiry ${before.get(row.id)!.toISOString()} -> ${after.get(row.id)!.toISOString()}`),
      ...(['the free trial', 'lapsed before the incident', 'bought after it ended'] as const).map(
        (why, index) => `  left as it was, ${why} (${untouched[index]!.orderId}): expiry ${before.get(untouched[index]!.id)!.toISOString()}`,
      ),
      ...emails.flatMap((mail) => [`  email to ${mail.to}: "${mail.subject}"`, ...mail.text.split('\n').filter((line) => line.includes('now expires')).map((line) => `    ${line}`)]),
      `Pressed again -> ${twice.statusCode}: ${twice.json().message}`,
    ];
    console.log(story.join('\n'));
  });

  it('compensates once when pressed twice at the same moment', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const bought = await boughtSubscription(t, { packageId: oneMonth.id });
    const posted = answerOf(await postIncident(t.app, admin, { title: 'Panel outage', message: 'No channel plays.' }), 201);
    const both = await Promise.all([compensate(t.app, admin, posted.incident.id, 2), compensate(t.app, admin, posted.incident.id, 2)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await expiriesOf(t.database.db, [bought.id])).get(bought.id)!.getTime() - bought.expirationDate.getTime()).toBe(2 * DAY_MS);
    expect(await mailsKeyed(t.database.db, 'incident-compensation:')).toHaveLength(1);
  });

  it('finishes the panel on the next pass when the panel is down during the compensation, each line once', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const first = await boughtSubscription(t, { packageId: oneMonth.id, devices: 2 });
    const second = await boughtSubscription(t, { packageId: oneMonth.id });
    const posted = answerOf(await postIncident(t.app, admin, { title: 'Panel outage', message: 'No channel plays.' }), 201);
    const lines = await panelLinesOf(t.database.db, [first.id, second.id]);
    const oldExpiry = new Map(lines.map(({ lineId }) => [lineId, stand.panel.lines.get(lineId)!.expDate]));

    stand.panel.goDown('error');
    const done = answerOf(await compensate(t.app, admin, posted.incident.id, 7), 200);
    expect(done.incident.compensation).toMatchObject({ days: 7, subscriptions: 2 });
    await t.services.jobs.drain();
    // The store's expiry moved at once; the panel's did not, and the lines wait for the next pass.
    const extended = await expiriesOf(t.database.db, [first.id, second.id]);
    expect(extended.get(first.id)!.getTime() - first.expirationDate.getTime()).toBe(7 * DAY_MS);
    for (const { lineId } of lines) expect(stand.panel.lines.get(lineId)!.expDate).toBe(oldExpiry.get(lineId));
    expect((await incidentDetail(t.app, admin, posted.incident.id)).compensation!.panelPending).toBe(2);
    const waiting = await t.database.db.select().from(incidentCompensationLines).where(inArray(incidentCompensationLines.subscriptionId, [first.id, second.id]));
    expect(waiting.map((line) => line.panelDoneAt)).toEqual([null, null]);
    // The pass stopped at the first refusal, with the panel's words kept for the admin.
    expect(waiting.flatMap((line) => line.panelLastError ?? [])).toEqual([expect.stringContaining('HTTP 500')]);

    stand.panel.recover();
    const sentBefore = stand.panel.requests.length;
    expect(await t.services.incidents.runPanelPass()).toBe(2);
    for (const { subscriptionId, lineId } of lines) expect(stand.panel.lines.get(lineId)!.expDate).toBe(unixSeconds(extended.get(subscriptionId)!));
    // Later passes and the job's retry find nothing due: each line was extended once.
    expect(await t.services.incidents.runPanelPass()).toBe(0);
    await t.services.jobs.drain({ includeDelayed: true });
    const edits = stand.panel.requests.slice(sentBefore).filter((request) => request.action === 'edit_line');
    expect(edits.map((request) => request.fields.id).sort()).toEqual(lines.map((line) => line.lineId).sort());
    expect((await incidentDetail(t.app, admin, posted.incident.id)).compensation!.panelPending).toBe(0);
    expect(await mailsKeyed(t.database.db, 'incident-compensation:')).toHaveLength(2);
  });

  // In the customer's saved language (decisions 0107, 0110); English above.
  it('writes the notice and the compensation to a customer who saved German in German, the owner\'s words as posted', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const email = 'grete.incident@example.com';
    await boughtSubscription(t, { packageId: oneMonth.id, email });
    await t.database.db.update(customers).set({ locale: 'de' }).where(eq(customers.email, email));

    const posted = answerOf(await postIncident(t.app, admin, { title: 'No channel plays', message: 'Our streaming panel is down.', notify: true }), 201);
    const notice = (await mailsKeyed(t.database.db, 'incident-notice:')).find((mail) => mail.to === email);
    expect(notice?.subject).toBe('Servicehinweis: No channel plays');
    expect(notice?.text).toContain('Our streaming panel is down.');
    expect(notice?.text).toContain('Betrifft: Alle Pakete');
    expect(notice?.html).toContain('<html dir="ltr" lang="de">');

    clock.set('2027-03-01T14:30:00.000Z');
    answerOf(await endIncident(t.app, admin, posted.incident.id, clock.now()), 200);
    answerOf(await compensate(t.app, admin, posted.incident.id, 3), 200);
    const compensation = (await mailsKeyed(t.database.db, 'incident-compensation:')).find((mail) => mail.to === email);
    expect(compensation?.subject).toBe('Wir haben Ihrem StreamPlus-Abonnement 3 Tage hinzugefügt');
    expect(compensation?.text).toContain('Die Unterbrechung tut uns leid: No channel plays. Als Ausgleich haben wir Ihrem Abonnement kostenlos 3 Tage hinzugefügt.');
  });
});
