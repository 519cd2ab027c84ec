import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, projectRoot, runMigrations } from '../db/connect';
import { dataMap } from '../db/data-map';

/** `npm run db:map`: migrates a throwaway embedded database and writes docs/data.md from it. */
export async function writeDataMap(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-data-map-'));
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    const target = path.join(projectRoot(), 'docs', 'data.md');
    writeFileSync(target, await dataMap(database));
    return target;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
