// `npm run admin:create -- <username>`: builds the store when needed, then runs the
// bundled command that creates that admin or resets its password.
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

buildIfNeeded();
process.chdir(root);
await import(new URL(`file://${path.join(root, 'dist', 'server', 'admin-create.js')}`).href);
