// `npm run bench`: builds if needed, runs every bench (or those named: `npm run bench --
// storefront purchase`), prints one table and writes bench/results.json. The figures
// compare things measured in the same run on the same machine; they are not absolute.
import { parseArgs } from 'node:util';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { benchAdmin } from './admin.bench.mjs';
import { benchExport } from './export.bench.mjs';
import { benchPages } from './pages.bench.mjs';
import { benchPurchase } from './purchase.bench.mjs';
import { benchReminders } from './reminders.bench.mjs';
import { printTable, writeResults } from './results-table.mjs';
import { benchStorefront } from './storefront.bench.mjs';

const benches = { storefront: benchStorefront, purchase: benchPurchase, admin: benchAdmin, export: benchExport, pages: benchPages, reminders: benchReminders };
const { values: options, positionals } = parseArgs({ options: { orders: { type: 'string' }, seconds: { type: 'string' } }, allowPositionals: true });
const chosen = positionals.length > 0 ? positionals : Object.keys(benches);
// For a quicker run while developing: --orders N, the admin bench's PostgreSQL order count
// (PGlite gets a tenth); --seconds N, the purchase bench's seconds per point.
const number = (text) => (text === undefined ? undefined : Number(text));
const benchOptions = { orders: number(options.orders), seconds: number(options.seconds) };

buildIfNeeded();
const startedAt = new Date();
const rows = [];
for (const name of chosen) {
  if (!benches[name]) throw new Error(`no bench named ${name}; choose among ${Object.keys(benches).join(', ')}`);
  console.error(`running the ${name} bench...`);
  rows.push(...(await benches[name](benchOptions)));
}
printTable(rows);
console.log(`\nwritten to ${writeResults(rows, startedAt)}`);
