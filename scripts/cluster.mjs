// `npm run cluster -- --instances 2`: builds the store when needed, then runs that many
// instances of the built server on consecutive ports from PORT (default 5000), all on the
// same PostgreSQL (DATABASE_URL) and SESSION_SECRET. A launcher, not a load balancer: put
// nginx or Caddy in front (README). Each instance's lines carry its number and port;
// SIGTERM and SIGINT reach every instance, and the launcher exits once all have stopped.
// If an instance dies on its own, the others are stopped and the launcher exits with 1.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { builtServer, buildIfNeeded, root } from './build-if-needed.mjs';

const MAX_INSTANCES = 64;

/** Exits with one line saying what is wrong, as the store's own settings check does. */
function refuse(message) {
  console.error(message);
  process.exit(1);
}

function instanceCount(args) {
  const at = args.findIndex((arg) => arg === '--instances' || arg.startsWith('--instances='));
  if (at === -1) return 2;
  const text = args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTANCES) refuse(`--instances must be a whole number from 1 to ${MAX_INSTANCES}, not ${text ?? 'nothing'}`);
  return count;
}

function launchSettings(args, env) {
  const count = instanceCount(args);
  if (!env.DATABASE_URL) refuse('npm run cluster needs DATABASE_URL (postgres://...): the embedded database belongs to one process, so instances can only share PostgreSQL.');
  if (!env.SESSION_SECRET) {
    refuse('npm run cluster needs SESSION_SECRET: every instance must sign cookies with the same secret of at least 32 characters, e.g. export SESSION_SECRET=$(openssl rand -hex 32), kept for later starts.');
  }
  const firstPort = Number(env.PORT || 5000);
  if (!Number.isInteger(firstPort) || firstPort < 1 || firstPort + count - 1 > 65535) refuse(`PORT must leave room for ${count} consecutive ports below 65536, not ${env.PORT}`);
  return { count, firstPort };
}

const { count, firstPort } = launchSettings(process.argv.slice(2), process.env);
buildIfNeeded();

let stopping = false;
let failed = false;
const running = new Set();

function stopAll(signal) {
  for (const child of running) child.kill(signal);
}

for (let index = 0; index < count; index++) {
  const port = firstPort + index;
  const label = `[${index + 1}:${port}]`;
  const child = spawn(process.execPath, [builtServer], { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${label} ${line}\n`));
  createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${label} ${line}\n`));
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      // One instance fewer than asked for is a broken start or a crash: stop the others
      // and say so, so a supervisor (systemd, a container runtime) restarts the whole set.
      failed = true;
      stopping = true;
      console.error(`${label} exited with ${signal ?? `code ${code}`}; stopping the other instances`);
      stopAll('SIGTERM');
    } else if (code !== 0) {
      failed = true;
    }
    if (running.size === 0) process.exit(failed ? 1 : 0);
  });
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    stopAll(signal);
  });
}
