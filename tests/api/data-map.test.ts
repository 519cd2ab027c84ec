import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/db/connect';
import { dataMap } from '../../src/server/db/data-map';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

/** docs/data.md is what the migrated database says, on the database kind of this project. */
describe('the data map', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('is the migrated database as it is: run `npm run db:map` after a migration', async () => {
    const map = await dataMap(database);
    expect(map, 'docs/data.md is out of date: run npm run db:map').toBe(readFileSync(path.join(projectRoot(), 'docs', 'data.md'), 'utf8'));
  });

  it('gives every table an owner, and names the foreign keys between features only migrations have', async () => {
    const map = await dataMap(database);
    expect(map).not.toContain('Owner: none');
    expect(map).toContain('## set_top_box_claims\n\n- Owner: `src/server/features/subscriptions`');
    expect(map).toMatch(/## subscriptions\n\n- Owner: `src\/server\/features\/subscriptions`\n- Foreign key `customer_id` → `customers\(id\)`, on delete [a-z ]+ \(migration\)/);
    expect(map).toMatch(/- Trigger `[a-z_0-9]+` runs `[a-z_0-9]+\(\)`/);
    expect(map).toMatch(/- Written by the function `[a-z_0-9]+\(\)`/);
  });
});
