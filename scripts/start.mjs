// `npm start`: builds the store when the build is missing or older than the sources,
// then runs the built server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'server', 'main.js');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestChange(path.join(root, 'src')),
  newestChange(path.join(root, 'drizzle')),
  statSync(path.join(root, 'package-lock.json')).mtimeMs,
);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the store (first start or changed sources)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Run in this process so signals reach the server's graceful shutdown directly.
process.chdir(root);
await import(new URL(`file://${built}`).href);
