// `npm test`: the walls (`npm run lint`), then every suite (unit, API on PGlite, API on
// PostgreSQL when TEST_DATABASE_URL is set, browser), then one closing line
// "Tests: N passed, N failed". A lint failure fails the run after the suites have run.
// In CI nothing may be skipped: PostgreSQL and Chromium are required there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

const report = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-tests-')), 'report.json');
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit' });

for (const warning of warnings) console.warn(`\n${'!'.repeat(78)}\n! ${warning}\n${'!'.repeat(78)}`);
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`\nTests: ${numPassedTests} passed, ${numFailedTests} failed${numPendingTests ? `, ${numPendingTests} skipped` : ''}`);
}
process.exit(lint.status !== 0 ? 1 : (run.status ?? 1));

function fail(message) {
  console.error(message);
  process.exit(1);
}
