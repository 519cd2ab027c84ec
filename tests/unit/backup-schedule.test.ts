import { describe, expect, it } from 'vitest';
import { configRefusal } from '../support/config';
import { parseEnv } from '../../src/server/config';
import { nextBackupAt, scheduledBackupName } from '../../src/server/db/backup/index';

/** The scheduled backups' settings and times (docs/decisions/0090). */

describe('scheduled backups', () => {
  it('back up every 24 hours and keep 7 unless told otherwise, and only with BACKUP_DIR', () => {
    const defaults = parseEnv({});
    expect(defaults.BACKUP_DIR).toBeUndefined();
    expect(defaults).toMatchObject({ BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 7 });
    expect(parseEnv({ BACKUP_DIR: '/var/backups/store', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '28' })).toMatchObject({
      BACKUP_DIR: '/var/backups/store',
      BACKUP_EVERY_HOURS: 6,
      BACKUP_KEEP: 28,
    });
    const empty = parseEnv({ BACKUP_DIR: '', BACKUP_EVERY_HOURS: '', BACKUP_KEEP: '' });
    expect(empty.BACKUP_DIR).toBeUndefined();
    expect(empty).toMatchObject({ BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 7 });
  });

  it('refuse hours and counts that are not positive whole numbers, naming the setting', () => {
    expect(configRefusal({ BACKUP_EVERY_HOURS: '0' })).toBe('Invalid configuration: BACKUP_EVERY_HOURS must be at least 1');
    expect(configRefusal({ BACKUP_EVERY_HOURS: '1.5' })).toBe('Invalid configuration: BACKUP_EVERY_HOURS must be a whole number of hours');
    expect(configRefusal({ BACKUP_EVERY_HOURS: 'daily' })).toMatch(/^Invalid configuration: BACKUP_EVERY_HOURS /);
    expect(configRefusal({ BACKUP_KEEP: '0' })).toBe('Invalid configuration: BACKUP_KEEP must be at least 1');
    expect(configRefusal({ BACKUP_KEEP: '-3' })).toBe('Invalid configuration: BACKUP_KEEP must be at least 1');
  });

  it('fall due at the multiples of BACKUP_EVERY_HOURS in UTC, the same instant on every instance', () => {
    expect(nextBackupAt(new Date('2026-12-03T01:00:00.000Z'), 24).toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(nextBackupAt(new Date('2026-12-03T23:59:59.999Z'), 24).toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(nextBackupAt(new Date('2026-12-04T00:00:00.000Z'), 24).toISOString()).toBe('2026-12-05T00:00:00.000Z');
    expect(nextBackupAt(new Date('2026-12-03T01:00:00.000Z'), 6).toISOString()).toBe('2026-12-03T06:00:00.000Z');
    expect(nextBackupAt(new Date('2026-12-03T06:00:00.000Z'), 6).toISOString()).toBe('2026-12-03T12:00:00.000Z');
  });

  it('are named by their time and their database', () => {
    expect(scheduledBackupName(new Date('2026-12-04T00:00:00.000Z'), 'postgres')).toBe('store-backup-2026-12-04T00-00Z.dump');
    expect(scheduledBackupName(new Date('2026-12-03T18:00:00.000Z'), 'pglite')).toBe('store-backup-2026-12-03T18-00Z.tar.gz');
  });
});
