// `npm run restore -- <file> [--force]`: builds the store when needed, then runs the bundled
// command that restores a backup into the database `npm start` would open (docs/decisions/0090).
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

buildIfNeeded();
process.chdir(root);
await import(new URL(`file://${path.join(root, 'dist', 'server', 'restore.js')}`).href);
