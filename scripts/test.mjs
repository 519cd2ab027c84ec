// `npm test`: the walls (`npm run lint`) beside every suite (unit, API on PGlite, API on
// PostgreSQL when TEST_DATABASE_URL is set, browser), then one closing line
// "Tests: N passed, N failed". Lint runs at the same time as the suites, its output kept and
// shown after theirs (decision 0079); a lint failure fails the run after the suites have run.
// In CI nothing may be skipped: PostgreSQL and Chromium are required there.
import { spawn } from 'node:child_process';
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

const report = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-tests-')), 'report.json');
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
// Lint at a lower priority: the suites keep the cores they need and lint, the shorter,
// still ends well before them.
const [lint, run] = await Promise.all([
  finished(...niced('npm', ['run', '-s', 'lint']), 'pipe'),
  finished('npx', args, 'inherit'),
]);

console.log(`\n${'-'.repeat(78)}\nnpm run lint (run beside the tests)${lint.output.trim() ? `:\n${lint.output.trimEnd()}` : ': clean'}`);
if (lint.status !== 0) warnings.push('npm run lint FAILED: the walls of ARCHITECTURE.md are broken (see its output above).');

for (const warning of warnings) console.warn(`\n${'!'.repeat(78)}\n! ${warning}\n${'!'.repeat(78)}`);
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`\nTests: ${numPassedTests} passed, ${numFailedTests} failed${numPendingTests ? `, ${numPendingTests} skipped` : ''}`);
}
process.exit(lint.status !== 0 ? 1 : (run.status ?? 1));

/** Runs a command to its end: its exit status and, when piped, its output (both streams, in order). */
function finished(command, commandArgs, stdio) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

function niced(command, commandArgs) {
  return process.platform === 'win32' ? [command, commandArgs] : ['nice', ['-n', '10', command, ...commandArgs]];
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
