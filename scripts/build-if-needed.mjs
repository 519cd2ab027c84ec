// Bundles the store when the bundle is missing or older than its sources. Used by
// `npm start` and the browser tests; `npm run build` also typechecks.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const builtServer = path.join(root, 'dist', 'server', 'main.js');

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestChange(path.join(target, name))));
}

export function buildIfNeeded() {
  const inputs = ['src', 'drizzle', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];
  const sources = Math.max(...inputs.map((name) => newestChange(path.join(root, name))));
  const clientIndex = path.join(root, 'dist', 'client', 'index.html');
  // The build's last steps: the migrated PGlite folder new data folders copy (decision 0019),
  // then the pages' shells written into the client (decision 0060).
  const pgliteTemplate = path.join(root, 'dist', 'pglite-template', 'PG_VERSION');
  const pageShells = path.join(root, 'dist', 'client', 'page-shells.json');
  const fresh = [builtServer, clientIndex, pgliteTemplate, pageShells].every((file) => existsSync(file) && statSync(file).mtimeMs >= sources);
  if (fresh) return;
  console.log('Building the store (first start or changed sources)...');
  // Always a production bundle, even when a test runner (NODE_ENV=test) asks for it.
  const build = spawnSync('npm', ['run', 'build:bundle'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error(`npm run build:bundle failed with exit code ${build.status}`);
}
