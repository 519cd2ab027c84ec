import { config } from 'zod/v4/core';

// The store's CSP has no 'unsafe-eval' (decision 0016). Zod's object parser otherwise probes
// `new Function` once, which the browser refuses and reports as a CSP violation. The config
// module alone is imported, so zod itself stays out of the landing page's first script.
config({ jitless: true });
