// `npm run lint`: the walls of ARCHITECTURE.md. ESLint (type-aware, one core) runs beside
// the three import checks (dependency-cruiser, the feature cycles, knip), which share the
// second core: on a 2-core machine a cold run is ESLint's time, not the sum (decision 0079).
// Each tool's output is shown whole, in this order, and any failure fails the run.
import { spawn } from 'node:child_process';
import path from 'node:path';

const eslint = ['eslint', '.', '--max-warnings', '0', '--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'];
const importChecks = [
  ['depcruise', 'src', '--config', '.dependency-cruiser.cjs'],
  ['node', 'scripts/lint/feature-cycles.mjs'],
  ['knip', '--no-progress'],
];

const [eslintRun, importRuns] = await Promise.all([run(eslint), inTurn(importChecks)]);
let failed = false;
for (const { status, output } of [eslintRun, ...importRuns]) {
  if (output) process.stdout.write(output);
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

/** Runs the commands one after another, stopping at the first that fails (as `&&` would). */
async function inTurn(commands) {
  const results = [];
  for (const command of commands) {
    const result = await run(command);
    results.push(result);
    if (result.status !== 0) break;
  }
  return results;
}

/** Runs a local binary (or node) to its end: its exit status and its output, both streams in order. */
function run([command, ...args]) {
  return new Promise((resolve) => {
    const binary = command === 'node' ? process.execPath : path.join('node_modules', '.bin', command);
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.on('close', (status) => resolve({ status, output }));
  });
}
