// `npm run db:map`: writes docs/data.md, the map of every table, its owner, foreign keys and
// the triggers and functions that write it. Runs the TypeScript source through Vite: no build needed.
import path from 'node:path';
import { runnerImport } from 'vite';
import { root } from './build-if-needed.mjs';

const { module } = await runnerImport(path.join(root, 'src', 'server', 'cli', 'data-map.ts'), { configFile: false, root, logLevel: 'error' });
console.log(`${await module.writeDataMap()} written`);
