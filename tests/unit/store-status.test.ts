import { describe, expect, it } from 'vitest';
import { compensationOffered, panelState, storeStatus, suggestedCompensationDays } from '../../src/domain/store-status';
import { auditSentence } from '../../src/client/features/admin/shared/audit-sentence';
import { compensateLabel, incidentState, parseCompensationDays } from '../../src/client/features/admin/incidents/incident-view';
import { affectsText, checkLines, incidentTimes } from '../../src/client/features/status/status-view';

/** The status page's rule and words (decision 0094), without a server or a DOM. */
const NOW = new Date('2027-03-01T10:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe("the store's status", () => {
  it('is down when the database or the panel does not answer, whatever else holds', () => {
    expect(storeStatus({ databaseReachable: false, panel: 'reachable', openIncidents: 0 })).toBe('down');
    expect(storeStatus({ databaseReachable: true, panel: 'unreachable', openIncidents: 0 })).toBe('down');
    expect(storeStatus({ databaseReachable: true, panel: 'unreachable', openIncidents: 2 })).toBe('down');
  });

  it('is degraded while an incident is open or the panel checks are stale, operational otherwise', () => {
    expect(storeStatus({ databaseReachable: true, panel: 'reachable', openIncidents: 1 })).toBe('degraded');
    expect(storeStatus({ databaseReachable: true, panel: 'stale', openIncidents: 0 })).toBe('degraded');
    expect(storeStatus({ databaseReachable: true, panel: 'reachable', openIncidents: 0 })).toBe('operational');
    expect(storeStatus({ databaseReachable: true, panel: 'not_watched', openIncidents: 0 })).toBe('operational');
  });

  it("reads the panel checks' last result: five minutes old is the limit", () => {
    expect(panelState({ reachable: null }, NOW)).toBe('not_watched');
    expect(panelState({ reachable: null, checkedAt: null }, NOW)).toBe('not_watched');
    expect(panelState({ reachable: true, checkedAt: minutesAgo(5) }, NOW)).toBe('reachable');
    expect(panelState({ reachable: false, checkedAt: minutesAgo(1) }, NOW)).toBe('unreachable');
    expect(panelState({ reachable: true, checkedAt: minutesAgo(5.1) }, NOW)).toBe('stale');
    expect(panelState({ reachable: null, checkedAt: minutesAgo(1) }, NOW)).toBe('stale');
    expect(panelState({ reachable: true }, NOW)).toBe('reachable');
  });
});

describe('the compensation an ended incident is offered', () => {
  it('is offered after more than an hour, and not once compensated', () => {
    expect(compensationOffered({ startedAt: minutesAgo(61), endedAt: NOW, compensated: false })).toBe(true);
    expect(compensationOffered({ startedAt: minutesAgo(60), endedAt: NOW, compensated: false })).toBe(false);
    expect(compensationOffered({ startedAt: minutesAgo(600), endedAt: null, compensated: false })).toBe(false);
    expect(compensationOffered({ startedAt: minutesAgo(600), endedAt: NOW, compensated: true })).toBe(false);
  });

  it('suggests one day per started day, from 1 to 30', () => {
    expect(suggestedCompensationDays(minutesAgo(90), NOW)).toBe(1);
    expect(suggestedCompensationDays(minutesAgo(25 * 60), NOW)).toBe(2);
    expect(suggestedCompensationDays(minutesAgo(0), NOW)).toBe(1);
    expect(suggestedCompensationDays(minutesAgo(90 * 24 * 60), NOW)).toBe(30);
  });

  it('takes 1 to 30 whole days from the field, and names the button after them', () => {
    expect(parseCompensationDays(' 7 ')).toEqual({ days: 7 });
    for (const typed of ['0', '31', '1.5', '', 'seven', '-2']) expect(parseCompensationDays(typed)).toEqual({ error: 'Enter a whole number of days from 1 to 30.' });
    expect(compensateLabel(1)).toBe('Compensate 1 day');
    expect(compensateLabel(3)).toBe('Compensate 3 days');
    expect(compensateLabel(null)).toBe('Compensate');
  });

  it('shows an incident as ongoing, ended or compensated', () => {
    expect(incidentState({ endedAt: null, compensation: null }).label).toBe('Ongoing');
    expect(incidentState({ endedAt: NOW.toISOString(), compensation: null }).label).toBe('Ended');
    const compensation = { days: 3, by: 'owner', at: NOW.toISOString(), subscriptions: 3, customers: 2, panelPending: 0 };
    expect(incidentState({ endedAt: NOW.toISOString(), compensation }).label).toBe('Compensated');
  });
});

describe("the status page's words", () => {
  it('lists the checks, leaving out a panel nobody watches', () => {
    expect(checkLines({ checks: { database: 'reachable', panel: 'not_watched' } })).toEqual([{ name: 'Store and accounts', state: 'Operational', tone: 'success' }]);
    expect(checkLines({ checks: { database: 'unreachable', panel: 'stale' } })).toEqual([
      { name: 'Store and accounts', state: 'Down', tone: 'destructive' },
      { name: 'Streaming service', state: 'Not confirmed lately', tone: 'warning' },
    ]);
  });

  it("names the affected packages or all of them, and writes times in the page's language", () => {
    expect(affectsText({ packages: null })).toBe('All packages');
    expect(affectsText({ packages: [{ id: 'a', name: '1 Month Premium' }, { id: 'b', name: 'Streaming Box' }] })).toBe('1 Month Premium, Streaming Box');
    // ICU puts a narrow no-break space before AM; read as a plain space here.
    const plain = (times: { started: string; ended: string }) => ({ started: times.started.replace(/\s/g, ' '), ended: times.ended.replace(/\s/g, ' ') });
    expect(plain(incidentTimes({ startedAt: '2027-03-01T09:00:00.000Z', endedAt: null }, 'en-US', 'UTC'))).toEqual({ started: 'Mar 1, 2027, 9:00 AM UTC', ended: 'Ongoing' });
    expect(plain(incidentTimes({ startedAt: '2027-03-01T09:00:00.000Z', endedAt: '2027-03-01T11:30:00.000Z' }, 'de-DE', 'UTC')).ended).toBe('1. März 2027, 11:30 UTC');
  });
});

describe('the audit log of incidents', () => {
  const entry = (action: string, after: Record<string, unknown>) => ({ action, targetType: 'incident', targetId: 'b1c8', before: {}, after });

  it('says what happened to which incident', () => {
    expect(auditSentence(entry('incident.post', { title: 'Channels down', affects: 'All packages', notifiedCustomers: 12 }))).toBe('Posted the incident "Channels down" (All packages), emailing 12 customers');
    expect(auditSentence(entry('incident.post', { title: 'Channels down', affects: '1 Month Premium', notifiedCustomers: null }))).toBe('Posted the incident "Channels down" (1 Month Premium)');
    expect(auditSentence(entry('incident.end', { title: 'Channels down', endedAt: '2027-03-01T11:30:00.000Z' }))).toBe('Ended the incident "Channels down"');
    expect(auditSentence(entry('incident.compensate', { title: 'Channels down', days: 3, subscriptions: 12, customers: 9 }))).toBe('Added 3 days to 12 subscriptions for the incident "Channels down"');
  });
});
