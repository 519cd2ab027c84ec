// `npm run bench`: builds if needed, then prints every benchmark's figures.
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { benchAdmin } from './admin.bench.mjs';
import { benchCheckout } from './checkout.bench.mjs';
import { benchExport } from './export.bench.mjs';
import { benchStorefront } from './storefront.bench.mjs';

buildIfNeeded();
console.log(`Node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`);
await benchStorefront();
await benchCheckout();
await benchAdmin();
await benchExport();
