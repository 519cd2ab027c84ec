// The built store's entry. React, which draws the emails (decision 0040), picks its development
// build when it is first imported unless NODE_ENV says production; that build checks every
// element and cost a purchase about 1.5 ms of CPU. The store's own setting already means
// production when NODE_ENV is unset (config.ts), so it says so before anything imports React
// (decision 0043). The rest is loaded after, as a chunk of its own.
import { setFlagsFromString } from 'node:v8';

process.env.NODE_ENV ??= 'production';

/**
 * V8 lets its old generation grow to up to four times what survived its last full collection
 * before it collects again. A CSV export of a million orders made garbage fast enough that the
 * heap grew from about 80 to 150 MB and the process by about 200 MB, then stayed there. At 1.2
 * times, the same export grows the process by about 40 MB at the same rows per second; there is
 * still no ceiling, so a real need for memory is met, only collected sooner (decision 0052).
 * Set before anything else is loaded, as V8 wants its flags.
 */
const HEAP_GROWING_PERCENT = 20;
setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

await import('./run-store');
