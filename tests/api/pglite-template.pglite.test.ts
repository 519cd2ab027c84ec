import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { pgliteTemplate } from '../support/test-db';

const root = mkdtempSync(path.join(tmpdir(), 'storefront-new-data-'));
let database: Database | undefined;

afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('an embedded store on a new data folder (decision 0019)', () => {
  it('opens the migrated template: the store tables are there before any migration runs', async () => {
    database = await openDatabase({ dataDir: path.join(root, 'pglite'), pgliteTemplate: await pgliteTemplate() });
    const { rows } = await database.executeSql(`select to_regclass('public.orders') is not null as migrated`, []);
    expect(rows[0]?.migrated).toBe(true);
  });
});
