import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect';
import { settableClock } from '../../src/server/lib/clock';
import { createServices } from '../../src/server/services';
import { buildAppWithServices, testConfig, useTestApp } from '../support/test-app';
import { testDbKind } from '../support/test-db';

/**
 * BACKUP_DIR, BACKUP_EVERY_HOURS and BACKUP_KEEP (docs/decisions/0090): one backup per
 * period however many instances run, and the folder keeps the newest.
 */

const folder = mkdtempSync(path.join(tmpdir(), 'storefront-scheduled-backups-'));
const lines: Array<Record<string, unknown>> = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
const made = () => lines.filter((line) => line.msg === 'backup made').map((line) => path.basename(String(line.file)));
const extension = testDbKind === 'postgres' ? 'dump' : 'tar.gz';

describe(`scheduled backups on ${testDbKind}`, () => {
  const clock = settableClock('2026-12-03T01:00:00.000Z');
  const t = useTestApp({ BACKUP_DIR: folder, BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '2' }, { clock, logger });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('makes each period one backup on one of two instances, and keeps the 2 newest it made', async () => {
    // The other instance has connections of its own on PostgreSQL; on PGlite one process holds the folder.
    const otherDatabase = testDbKind === 'postgres' ? await openDatabase({ url: t.database.url!, poolSize: 4 }) : t.database;
    const other = await buildAppWithServices({ config: t.config, database: otherDatabase, clientDir: null, clock, logger });
    writeFileSync(path.join(folder, 'notes.txt'), 'not a backup the store made');
    const instances = [t.services, other.services];
    /** Every instance plans the next backup twice, then every instance runs what is due, all at once. */
    const runPeriod = async (at: string) => {
      clock.set(at);
      await Promise.all([...instances, ...instances].map((services) => services.backups!.planNext()));
      await Promise.all(instances.map((services) => services.jobs.drain({ includeDelayed: true })));
    };
    try {
      await runPeriod('2026-12-03T01:00:00.000Z');
      expect(made()).toEqual([`store-backup-2026-12-03T06-00Z.${extension}`]);
      await runPeriod('2026-12-03T05:59:00.000Z');
      expect(made()).toHaveLength(1);

      await runPeriod('2026-12-03T07:00:00.000Z');
      await runPeriod('2026-12-03T13:00:00.000Z');
      expect(made()).toEqual([`store-backup-2026-12-03T06-00Z.${extension}`, `store-backup-2026-12-03T12-00Z.${extension}`, `store-backup-2026-12-03T18-00Z.${extension}`]);
      expect(readdirSync(folder).sort()).toEqual(['notes.txt', `store-backup-2026-12-03T12-00Z.${extension}`, `store-backup-2026-12-03T18-00Z.${extension}`]);
      for (const name of readdirSync(folder).filter((file) => file.startsWith('store-backup-'))) {
        // pg_dump's custom format starts with PGDMP, a gzip with 1f 8b.
        expect(readFileSync(path.join(folder, name)).subarray(0, 2).toString('hex')).toBe(testDbKind === 'postgres' ? '5047' : '1f8b');
      }
    } finally {
      await other.app.close();
      if (otherDatabase !== t.database) await otherDatabase.close();
    }
  }, 120_000);

  it('schedules nothing without BACKUP_DIR', () => {
    expect(createServices({ config: testConfig(), database: t.database, clientDir: null }).backups).toBeNull();
  });
});
