import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { assertLandingJsBudget } from './scripts/landing-js-budget.mjs';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A build step run on the client's bundle once written (not the server's), in its output folder. */
function afterClientWrite(name: string, step: (outDir: string, bundle: Rollup.OutputBundle) => void | Promise<void>): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // One after the other, in the plugins' order: the landing page's budget reads page-preloads.json.
    writeBundle: {
      sequential: true,
      async handler(_options, bundle) {
        if (this.environment?.config.consumer !== 'server') await step(outDir, bundle);
      },
    },
  };
}

/** Writes .gz and .br beside each text asset so the server sends them without compressing per request. */
const precompress = () =>
  afterClientWrite('precompress', async (outDir, bundle) => {
    await Promise.all(
      Object.values(bundle)
        .filter((file) => /\.(js|css|html|svg|json)$/.test(file.fileName))
        .map(async (file) => {
          const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (source.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          await writeFile(`${target}.gz`, await gzipAsync(source, { level: 9 }));
          await writeFile(`${target}.br`, await brotliAsync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }),
    );
  });

/**
 * Moves the client's source maps out of the served folder to dist/client-sourcemaps, for
 * reading stack traces: the built JavaScript names no map ('hidden') and the store serves none.
 */
const privateSourceMaps = () =>
  afterClientWrite('private-source-maps', async (outDir, bundle) => {
    const mapsDir = path.join(outDir, '..', 'client-sourcemaps');
    await rm(mapsDir, { recursive: true, force: true });
    await Promise.all(
      Object.keys(bundle)
        .filter((fileName) => fileName.endsWith('.map'))
        .map(async (fileName) => {
          await mkdir(path.dirname(path.join(mapsDir, fileName)), { recursive: true });
          await rename(path.join(outDir, fileName), path.join(mapsDir, fileName));
        }),
    );
  });

/** Fails the client build when the landing page's initial JavaScript passes its budget. */
const landingJsBudget = () =>
  afterClientWrite('landing-js-budget', (outDir) => {
    const { files, gzipKb } = assertLandingJsBudget(outDir);
    console.log(`landing page initial JavaScript: ${files.length} files, ${gzipKb.toFixed(1)} KB gzipped`);
  });

/**
 * Writes page-preloads.json: for each lazily loaded page (pages/<Name>.tsx), the chunks it
 * imports statically beyond the landing page's own. The server names them as module preloads
 * in the HTML of that page's routes, so they download beside the first script instead of
 * after it has run (decision 0024; read by src/server/http/page-preloads.ts).
 */
/**
 * Pages whose frame and title the app's shell paints while their code loads (app/routes.tsx):
 * preloaded, their chunks would share the phone's bandwidth with the entry before that first
 * paint, so they load once the shell has painted (decision 0024).
 */
const PAINTED_BY_THE_SHELL = new Set(['CheckoutPage']);

const pagePreloads = () =>
  afterClientWrite('page-preloads', async (outDir, bundle) => {
    const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
    const staticGraph = (fileName: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(fileName)) return seen;
      seen.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) staticGraph(imported, seen);
      return seen;
    };
    const landing = new Set([...chunks.values()].filter((chunk) => chunk.isEntry).flatMap((chunk) => [...staticGraph(chunk.fileName)]));
    const pages: Record<string, string[]> = {};
    for (const chunk of chunks.values()) {
      const page = chunk.isDynamicEntry && chunk.facadeModuleId?.match(/\/pages\/(\w+)\.tsx$/)?.[1];
      if (page && !PAINTED_BY_THE_SHELL.has(page)) pages[page] = [...staticGraph(chunk.fileName)].filter((fileName) => !landing.has(fileName));
    }
    await writeFile(path.join(outDir, 'page-preloads.json'), `${JSON.stringify(pages, null, 2)}\n`);
  });

export default defineConfig(({ isSsrBuild }) => ({
  root: isSsrBuild ? '.' : 'src/client',
  // The browser's zod is configured jitless before any schema exists (src/client/lib/zod-jitless.ts).
  resolve: isSsrBuild ? {} : { alias: [{ find: /^zod$/, replacement: path.resolve('src/client/lib/zod-jitless.ts') }] },
  publicDir: 'public',
  plugins: isSsrBuild ? [] : [react(), tailwindcss(), precompress(), privateSourceMaps(), pagePreloads(), landingJsBudget()],
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        // The store, the admin:create command, the step that makes the PGlite template (decision
        // 0019) and the one that writes the landing page's shell into the built client (0060).
        rollupOptions: {
          input: {
            main: 'src/server/main.ts',
            'admin-create': 'src/server/cli/admin-create.ts',
            'pglite-template': 'src/server/cli/pglite-template.ts',
            'prerender-shells': 'src/client/app/prerender-shells.tsx',
          },
        },
      }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: 'hidden',
        rolldownOptions: {
          // A feature is imported through its face (index.ts, decision 0030); the modules of the
          // client, the contract and the domain only declare things, so a page takes from a face
          // what it uses and not the feature's other parts. zod's jitless setting is the one
          // module run for its effect (lib/zod-jitless.ts).
          treeshake: {
            moduleSideEffects: [
              { test: /src[\\/]client[\\/]lib[\\/]zod-jitless\.ts$/, sideEffects: true },
              { test: /src[\\/](client[\\/](features|components|lib)|contract|domain)[\\/]/, sideEffects: false },
            ],
          },
          output: {
            // The shared groups' names list every page that uses them; the hash is enough.
            chunkFileNames: (chunk) => (chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js'),
            codeSplitting: {
              groups: [
                // The app's shell (the entry: React, the router, the query client) and the UI kit
                // nearly every page uses (button, card, dialog, the cart and session stores). The
                // pages themselves, the landing page too, are lazy chunks preloaded on their routes.
                { name: 'landing', tags: ['$initial'], priority: 5 },
                {
                  name: 'kit',
                  test: /node_modules[\\/](@radix-ui[\\/](primitive|react-(context|id|presence|use-[\w-]+|compose-refs|primitive|slot|dialog|focus-guards|focus-scope|dismissable-layer|portal))|aria-hidden|get-nonce|react-remove-scroll[\w-]*|react-style-singleton|tslib|use-callback-ref|use-sidecar|zustand|clsx|tailwind-merge|class-variance-authority)[\\/]|src[\\/](client[\\/](components[\\/](ui[\\/](button|card|dialog|badge|scroll-region)|BrandLogo)|lib[\\/](utils|use-document-title|cart-store)|features[\\/](auth[\\/]session|catalog[\\/]use-packages))|domain[\\/](money|catalog))\./,
                  priority: 5,
                },
                // The toast viewport, loaded when the browser is idle (decision 0003), with the Radix
                // parts it shares with the select: left to the select's group, they made every page's
                // idle toaster fetch the select and the form libraries.
                { name: 'toaster', test: /node_modules[\\/]@radix-ui[\\/]react-toast[\\/]|src[\\/]client[\\/]components[\\/]ui[\\/]toaster\./, priority: 4 },
                // Icons by the pages that use them, before the groups below would take them along as dependencies.
                // The landing page's own icons in one chunk of their own: left to the grouping by
                // pages below, any page that starts or stops using one of them regrouped the icon
                // chunks and put other pages' icons in the landing page's preloads.
                {
                  name: 'shared',
                  test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-left|bitcoin|check|circle-check|circle-play|circle-question-mark|clock|credit-card|gift|headphones|lock|log-out|mail|mail-check|menu|monitor-smartphone|package|refresh-cw|rotate-cw|shield-check|shopping-cart|sparkles|star|trash|trash-2|tv|undo-2|user-round|x|zap)\.mjs$/,
                  priority: 4,
                },
                { name: 'shared', test: /node_modules[\\/]lucide-react[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 12_000, priority: 3 },
                // The form libraries and the select (with its floating-ui positioning) are used by the
                // pages with forms, never by the landing page: groups of their own, so the merging of
                // small shared chunks below cannot put them among the landing page's preloads.
                {
                  name: 'forms',
                  test: /node_modules[\\/](react-hook-form|@hookform|@radix-ui[\\/]react-label)[\\/]|src[\\/]client[\\/](components[\\/]ui[\\/](form-field|input|label)|lib[\\/]lazy-resolver)\./,
                  priority: 2,
                },
                {
                  name: 'forms',
                  test: /node_modules[\\/](@radix-ui[\\/](react-select|react-popper|number|react-arrow)|@floating-ui[\\/][\w-]+)[\\/]|src[\\/]client[\\/](components[\\/]ui[\\/](form-select|select)|lib[\\/]device-options)\./,
                  priority: 2,
                },
                // Not Stripe's: importing @stripe/stripe-js injects js.stripe.com, so it must load with the card form only.
                {
                  name: 'shared',
                  test: /node_modules[\\/](?!@stripe[\\/])|src[\\/]client[\\/](components|lib)[\\/]/,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 12_000,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  server: { port: 5173, proxy: { '/api': 'http://localhost:5000' } },
}));
