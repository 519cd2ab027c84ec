import { config } from 'zod/v4';

/**
 * The browser's `zod` (vite.config.ts points the client build's 'zod' here): the real zod,
 * told first never to build parsers with `new Function`. The store's CSP has no
 * 'unsafe-eval' (decision 0016), and zod's object parser would otherwise probe for it, which
 * the browser reports as a CSP violation. Being zod's own entry, it loads only where zod
 * does, so the landing page's first script stays without it.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
