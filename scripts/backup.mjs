// `npm run backup -- <file>`: builds the store when needed, then runs the bundled command that
// backs up the database `npm start` would open (docs/decisions/0090).
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

buildIfNeeded();
process.chdir(root);
await import(new URL(`file://${path.join(root, 'dist', 'server', 'backup.js')}`).href);
