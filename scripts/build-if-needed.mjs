// Bundles the store when the bundle is missing or older than its sources. Used by
// `npm start` and the browser tests; `npm run build` also typechecks. One build at a time:
// the browser suite builds in the background while other suites run (decision 0085), and a
// test or script that needs the bundle meanwhile waits for that build instead of starting
// a second one into the same folders.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const builtServer = path.join(root, 'dist', 'server', 'main.js');
// Outside dist/server and dist/client, which each build empties.
const lockDir = path.join(root, 'dist', '.build-lock');
const LOCK_POLL_MS = 250;

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestChange(path.join(target, name))));
}

/** The bundle exists and is newer than every source it is made from. */
export function storeIsBuilt() {
  const inputs = ['src', 'drizzle', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];
  const sources = Math.max(...inputs.map((name) => newestChange(path.join(root, name))));
  const clientIndex = path.join(root, 'dist', 'client', 'index.html');
  // The build's last steps: the migrated PGlite folder new data folders copy (decision 0019),
  // then the pages' shells written into the client (decision 0060).
  const pgliteTemplate = path.join(root, 'dist', 'pglite-template', 'PG_VERSION');
  const pageShells = path.join(root, 'dist', 'client', 'page-shells.json');
  return [builtServer, clientIndex, pgliteTemplate, pageShells].every((file) => existsSync(file) && statSync(file).mtimeMs >= sources);
}

// Always a production bundle, even when a test runner (NODE_ENV=test) asks for it.
const BUILD = ['npm', ['run', 'build:bundle'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } }];
const BUILDING = 'Building the store (first start or changed sources)...';

export function buildIfNeeded() {
  if (storeIsBuilt()) return;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  while (!takeLock()) Atomics.wait(sleeper, 0, 0, LOCK_POLL_MS);
  try {
    if (storeIsBuilt()) return;
    console.log(BUILDING);
    const build = spawnSync(...BUILD);
    if (build.status !== 0) throw new Error(`npm run build:bundle failed with exit code ${build.status}`);
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * buildIfNeeded without blocking this process: the test runner goes on starting tests
 * meanwhile. The build's output is kept, and shown only if it fails, not amid test results.
 */
export async function buildIfNeededInBackground() {
  if (storeIsBuilt()) return;
  while (!takeLock()) await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  try {
    if (storeIsBuilt()) return;
    const started = Date.now();
    console.log(`${BUILDING} in the background`);
    const [command, args, options] = BUILD;
    let output = '';
    const status = await new Promise((resolve) => {
      const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', resolve).on('error', () => resolve(null));
    });
    if (status !== 0) throw new Error(`npm run build:bundle failed with exit code ${status}:\n${output}`);
    console.log(`The store was built in ${Math.round((Date.now() - started) / 1000)} s.`);
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** The build lock, if no live process holds it; one left by a process that died is taken over. */
function takeLock() {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  try {
    mkdirSync(lockDir);
  } catch {
    if (holderIsAlive()) return false;
    rmSync(lockDir, { recursive: true, force: true });
    return takeLock();
  }
  writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
  return true;
}

function holderIsAlive() {
  let pid;
  try {
    pid = Number(readFileSync(path.join(lockDir, 'pid'), 'utf8'));
  } catch {
    // No pid yet: taken a moment ago, or by a process that died before writing it.
    return Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
