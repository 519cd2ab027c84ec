// A step of `npm run build` (vite.config.ts builds it beside the server): writes
// page-shells.json into the built client, each shell's markup by its page and language, for the
// server to put inside its route's <div id="root"> (src/server/http/page-preloads.ts, decisions
// 0060 and 0106): English under the page's name, another language as `<page>@<locale>`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { localeBase, localizedPath } from '#domain/locale-paths';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '#domain/locales';
import { SkipLink } from '../components/SkipLink';
import { addMessages } from '../lib/i18n';
import { PAGE_SHELL_ID } from './page-shell-slot';
import { PAGE_SHELLS } from './page-shells';

const catalogues = import.meta.glob<Record<string, string>>('../../messages/*/*.json', { eager: true, import: 'default' });

const clientDir = process.argv[2] ?? 'dist/client';
const markup = Object.fromEntries(
  SUPPORTED_LOCALES.flatMap((locale) => {
    const files = Object.keys(catalogues).filter((file) => file.startsWith(`../../messages/${locale}/`));
    const areas = files.map((file) => path.basename(file, '.json'));
    addMessages(locale, areas, Object.assign({}, ...files.map((file) => catalogues[file])) as Record<string, string>);
    return PAGE_SHELLS.map(({ path: route, page, Shell }) => [
      locale === DEFAULT_LOCALE ? page : `${page}@${locale}`,
      // What App renders first on that route: the skip link, then the route's Suspense fallback.
      renderToStaticMarkup(
        <Router ssrPath={localizedPath(locale, route)} base={localeBase(locale)}>
          <SkipLink />
          <div id={PAGE_SHELL_ID} className="contents">
            <Shell />
          </div>
        </Router>,
      ),
    ]);
  }),
);
writeFileSync(path.join(clientDir, 'page-shells.json'), `${JSON.stringify(markup, null, 2)}\n`);
console.log(`page shells: ${Object.keys(markup).join(', ')} written to ${clientDir}/page-shells.json`);
