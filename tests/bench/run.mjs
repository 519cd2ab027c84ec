// `npm run bench`: builds if needed, runs every bench (or those named: `npm run bench --
// storefront purchase`), prints one table and writes bench/results.json. The figures
// compare things measured in the same run on the same machine; they are not absolute.
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { benchAdmin } from './admin.bench.mjs';
import { benchExport } from './export.bench.mjs';
import { benchPurchase } from './purchase.bench.mjs';
import { printTable, writeResults } from './results-table.mjs';
import { benchStorefront } from './storefront.bench.mjs';

const benches = { storefront: benchStorefront, purchase: benchPurchase, admin: benchAdmin, export: benchExport };
const chosen = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(benches);

buildIfNeeded();
const startedAt = new Date();
const rows = [];
for (const name of chosen) {
  if (!benches[name]) throw new Error(`no bench named ${name}; choose among ${Object.keys(benches).join(', ')}`);
  console.error(`running the ${name} bench...`);
  rows.push(...(await benches[name]()));
}
printTable(rows);
console.log(`\nwritten to ${writeResults(rows, startedAt)}`);
