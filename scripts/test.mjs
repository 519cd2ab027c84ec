// `npm test`: the walls (`npm run lint`), then every suite (unit, API on PGlite, API on
// PostgreSQL when TEST_DATABASE_URL is set; the browser suite beside them), then one closing
// line "Tests: N passed, N failed". A lint failure fails the run after the suites have run.
// In CI nothing may be skipped: PostgreSQL and Chromium are required there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildIfNeeded } from './build-if-needed.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const projects = ['unit', 'api', 'e2e'];
const warnings = [];

if (process.env.TEST_DATABASE_URL) projects.splice(2, 0, 'api-postgres');
else if (ci) fail('CI must run the API suite on PostgreSQL too: set TEST_DATABASE_URL.');
else warnings.push('TEST_DATABASE_URL is not set: the API suite ran on the embedded database only, not on PostgreSQL.');

if (!existsSync(chromium)) {
  if (ci) fail(`CI must run the browser suite: Chromium is missing at ${chromium}.`);
  projects.splice(projects.indexOf('e2e'), 1);
  warnings.push(`Chromium is missing at ${chromium}: the BROWSER SUITE DID NOT RUN. Install it with: sudo apt-get install -y chromium`);
}

const lint = spawnSync('npm', ['run', '-s', 'lint'], { stdio: 'inherit' });
if (lint.status !== 0) warnings.push('npm run lint FAILED: the walls of ARCHITECTURE.md are broken (see its output above the tests).');

// The browser files run one at a time against one shared store (vitest.config.ts), and vitest
// runs a project of one worker after every other project has finished: the browser files, a
// third of the suite's time, waited for the rest. So they run in a second vitest process beside
// the others, from the start (decision 0071). The store is built first, once, for the browser
// files and the API files that start it as a process.
const folder = mkdtempSync(path.join(tmpdir(), 'storefront-tests-'));
if (projects.includes('e2e') || projects.includes('api-postgres')) buildIfNeeded();
const runs = [projects.filter((p) => p !== 'e2e'), projects.filter((p) => p === 'e2e')]
  .filter((group) => group.length > 0)
  .map((group, i) => runVitest(group, path.join(folder, `report-${i}.json`), i === 0 ? '' : '[browser] '));
const statuses = await Promise.all(runs.map((run) => run.exited));

for (const warning of warnings) console.warn(`\n${'!'.repeat(78)}\n! ${warning}\n${'!'.repeat(78)}`);
const counted = { passed: 0, failed: 0, skipped: 0 };
for (const run of runs) {
  if (!existsSync(run.report)) continue;
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(run.report, 'utf8'));
  counted.passed += numPassedTests;
  counted.failed += numFailedTests;
  counted.skipped += numPendingTests;
}
console.log(`\nTests: ${counted.passed} passed, ${counted.failed} failed${counted.skipped ? `, ${counted.skipped} skipped` : ''}`);
process.exit(lint.status !== 0 ? 1 : statuses.every((status) => status === 0) ? 0 : 1);

/** One vitest process for `group`'s projects, its JSON report at `report`, each output line after `prefix`. */
function runVitest(group, report, prefix) {
  // A file filter given to `npm test` may name files of one process only: the other passes with none.
  const args = ['vitest', 'run', ...group.flatMap((p) => ['--project', p]), '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
  const child = spawn('npx', args, { stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'] });
  if (prefix) {
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`));
    }
  }
  return { report, exited: new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1))) };
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
