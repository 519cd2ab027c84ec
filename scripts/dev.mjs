// `npm run dev`: the client on Vite's dev server with hot reload (http://localhost:5173,
// /api proxied), and the server rebuilt and restarted on every change (port 5000).
import { spawn, spawnSync } from 'node:child_process';
import { root } from './build-if-needed.mjs';

const env = { ...process.env, NODE_ENV: 'development', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const run = (command, args) => spawn(command, args, { cwd: root, env, stdio: 'inherit' });

// The server runs from its bundle, so bundle it once before watching.
spawnSync('npx', ['vite', 'build', '--ssr', 'src/server/main.ts', '--outDir', 'dist/server'], { cwd: root, stdio: 'inherit' });
const children = [
  run('npx', ['vite', 'build', '--ssr', 'src/server/main.ts', '--outDir', 'dist/server', '--watch']),
  run(process.execPath, ['--watch', '--enable-source-maps', 'dist/server/main.js']),
  run('npx', ['vite']),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
