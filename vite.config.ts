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
const isShellPaintedPage = (chunkFile: string) => PAINTED_BY_THE_SHELL.has(path.basename(chunkFile).replace(/-[\w-]+\.js$/, ''));

const pagePreloads = () =>
  afterClientWrite('page-preloads', async (outDir, bundle) => {
    const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
    const staticGraph = (fileName: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(fileName)) return seen;
      seen.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) staticGraph(imported, seen);
      return seen;
    };
    const pageOf = (chunk: Rollup.OutputChunk) => chunk.facadeModuleId?.match(/\/pages\/(\w+)\.tsx$/)?.[1];
    // What index.html loads: the app's entry (the landing page is an entry too, for its kit: see the build's input).
    const html = new Set([...chunks.values()].filter((chunk) => chunk.isEntry && !pageOf(chunk)).flatMap((chunk) => [...staticGraph(chunk.fileName)]));
    const pages: Record<string, string[]> = {};
    for (const chunk of chunks.values()) {
      const page = (chunk.isDynamicEntry || chunk.isEntry) && pageOf(chunk);
      if (page && !PAINTED_BY_THE_SHELL.has(page)) pages[page] = [...staticGraph(chunk.fileName)].filter((fileName) => !html.has(fileName));
    }
    await writeFile(path.join(outDir, 'page-preloads.json'), `${JSON.stringify(pages, null, 2)}\n`);
  });

/** The landing page's own code: its page and its feature, which no other page imports (decision 0030). */
const LANDING_OWN = /src[\\/]client[\\/](pages|features[\\/]landing)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  root: isSsrBuild ? '.' : 'src/client',
  // The browser's zod is configured jitless before any schema exists (src/client/lib/zod-jitless.ts).
  // wouter's shim of useSyncExternalStore is React's own hook under React 18 and later: React's
  // export, without the shim's code for older Reacts in the first JavaScript (decision 0082).
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          { find: /^zod$/, replacement: path.resolve('src/client/lib/zod-jitless.ts') },
          { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
        ],
      },
  publicDir: 'public',
  plugins: isSsrBuild ? [] : [react(), tailwindcss(), precompress(), privateSourceMaps(), pagePreloads(), landingJsBudget()],
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        // The store, the admin:create, backup and restore commands (decision 0090), the step
        // that makes the PGlite template (decision 0019) and the one that writes the landing
        // page's shell into the built client (0060).
        rollupOptions: {
          input: {
            main: 'src/server/main.ts',
            'admin-create': 'src/server/cli/admin-create.ts',
            backup: 'src/server/cli/backup.ts',
            restore: 'src/server/cli/restore.ts',
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
        // A page painted by its shell loads its chunks as the browser walks its imports, not
        // through Vite's preload helper: for checkout the helper appended sixteen
        // <link rel=modulepreload> in one task, one of its long tasks after the shell had
        // painted (decision 0095). Other pages keep the helper.
        modulePreload: { resolveDependencies: (_file: string, deps: string[]) => (deps.some(isShellPaintedPage) ? deps.filter(isShellPaintedPage) : deps) },
        rolldownOptions: {
          input: { index: path.resolve('src/client/index.html'), landing: path.resolve('src/client/pages/LandingPage.tsx') },
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
            // Chunks by structure, not by lists of icons or packages (decision 0082): the app's
            // shell, then what the landing page imports, then every other page's code by the
            // pages that import it.
            codeSplitting: {
              groups: [
                { name: 'kit', tags: ['$initial'], test: (moduleId) => !LANDING_OWN.test(moduleId), priority: 2 },
                // The rest by the pages that import it (split by importer), small groups merged.
                {
                  name: 'shared',
                  test: /node_modules[\\/]|src[\\/]client[\\/](components|lib)[\\/]/,
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
