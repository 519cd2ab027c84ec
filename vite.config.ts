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
function afterClientWrite(name: string, step: (outDir: string, bundle: Rollup.OutputBundle) => Promise<void>): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      if (this.environment?.config.consumer !== 'server') await step(outDir, bundle);
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
  afterClientWrite('landing-js-budget', async (outDir) => {
    const { files, gzipKb } = assertLandingJsBudget(outDir);
    console.log(`landing page initial JavaScript: ${files.length} files, ${gzipKb.toFixed(1)} KB gzipped`);
  });

export default defineConfig(({ isSsrBuild }) => ({
  root: isSsrBuild ? '.' : 'src/client',
  // The browser's zod is configured jitless before any schema exists (src/client/lib/zod-jitless.ts).
  resolve: isSsrBuild ? {} : { alias: [{ find: /^zod$/, replacement: path.resolve('src/client/lib/zod-jitless.ts') }] },
  publicDir: 'public',
  plugins: isSsrBuild ? [] : [react(), tailwindcss(), precompress(), privateSourceMaps(), landingJsBudget()],
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        // The store, the admin:create command and the step that makes the PGlite template (decision 0019).
        rollupOptions: {
          input: { main: 'src/server/main.ts', 'admin-create': 'src/server/cli/admin-create.ts', 'pglite-template': 'src/server/cli/pglite-template.ts' },
        },
      }
    : { outDir: '../../dist/client', emptyOutDir: true, target: 'es2022', sourcemap: 'hidden' },
  server: { port: 5173, proxy: { '/api': 'http://localhost:5000' } },
}));
