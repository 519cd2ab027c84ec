// `npm run mail:preview -- <folder> [--locale=ar]`: writes one HTML file per email template, with
// sample data, to <folder> (decision 0040), in the language given (decision 0107; English by
// default). Runs the TypeScript source through Vite: no build needed.
import path from 'node:path';
import { runnerImport } from 'vite';
import { root } from './build-if-needed.mjs';

const args = process.argv.slice(2);
const locales = args.filter((arg) => arg.startsWith('--locale=')).map((arg) => arg.slice('--locale='.length));
const [folder, ...extra] = args.filter((arg) => !arg.startsWith('--locale='));
if (!folder || extra.length > 0 || locales.length > 1) {
  console.error('Usage: npm run mail:preview -- <folder> [--locale=en|es|pt-BR|fr|de|ar]');
  process.exit(2);
}
const locale = locales[0] ?? 'en';
// npm runs a script in the package's folder; the folder is meant from where it was typed.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
const { module } = await runnerImport(path.join(root, 'src', 'server', 'cli', 'mail-preview.ts'), { configFile: false, root, logLevel: 'error' });
if (!module.isPreviewLocale(locale)) {
  console.error(`Unknown --locale=${locale}: one of en, es, pt-BR, fr, de, ar`);
  process.exit(2);
}
const written = await module.writeMailPreviews(target, locale);
for (const file of written) console.log(file);
console.log(`${written.length} email templates written to ${target} (${locale})`);
