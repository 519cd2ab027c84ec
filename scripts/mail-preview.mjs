// `npm run mail:preview -- <folder>`: writes one HTML file per email template, with sample
// data, to <folder> (decision 0040). Runs the TypeScript source through Vite: no build needed.
import path from 'node:path';
import { runnerImport } from 'vite';
import { root } from './build-if-needed.mjs';

const [folder, ...extra] = process.argv.slice(2);
if (!folder || extra.length > 0) {
  console.error('Usage: npm run mail:preview -- <folder>');
  process.exit(2);
}
// npm runs a script in the package's folder; the folder is meant from where it was typed.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
const { module } = await runnerImport(path.join(root, 'src', 'server', 'cli', 'mail-preview.ts'), { configFile: false, root, logLevel: 'error' });
const written = await module.writeMailPreviews(target);
for (const file of written) console.log(file);
console.log(`${written.length} email templates written to ${target}`);
