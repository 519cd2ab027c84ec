import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { assertLandingJsBudget } from './scripts/landing-js-budget.mjs';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Writes .gz and .br beside each text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      if (this.environment?.config.consumer === 'server') return;
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
    },
  };
}

/** Fails the client build when the landing page's initial JavaScript passes its budget. */
function landingJsBudget(): Plugin {
  let outDir = '';
  return {
    name: 'landing-js-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (this.environment?.config.consumer === 'server') return;
      const { files, gzipKb } = assertLandingJsBudget(outDir);
      this.info?.(`landing page initial JavaScript: ${files.length} files, ${gzipKb.toFixed(1)} KB gzipped`);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: isSsrBuild ? '.' : 'src/client',
  publicDir: 'public',
  plugins: isSsrBuild ? [] : [react(), tailwindcss(), precompress(), landingJsBudget()],
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        // The store, and the admin:create command beside it.
        rollupOptions: { input: { main: 'src/server/main.ts', 'admin-create': 'src/server/cli/admin-create.ts' } },
      }
    : { outDir: '../../dist/client', emptyOutDir: true, target: 'es2022', sourcemap: true },
  server: { port: 5173, proxy: { '/api': 'http://localhost:5000' } },
}));
