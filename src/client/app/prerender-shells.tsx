// A step of `npm run build` (vite.config.ts builds it beside the server): writes
// page-shells.json into the built client, each shell's markup by its page, for the server to
// put inside its route's <div id="root"> (src/server/http/page-preloads.ts, decision 0060).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { SkipLink } from '../components/SkipLink';
import { PAGE_SHELL_ID } from './page-shell-slot';
import { PAGE_SHELLS } from './page-shells';

const clientDir = process.argv[2] ?? 'dist/client';
const markup = Object.fromEntries(
  PAGE_SHELLS.map(({ path: route, page, Shell }) => [
    page,
    // What App renders first on that route: the skip link, then the route's Suspense fallback.
    renderToStaticMarkup(
      <Router ssrPath={route}>
        <SkipLink />
        <div id={PAGE_SHELL_ID} className="contents">
          <Shell />
        </div>
      </Router>,
    ),
  ]),
);
writeFileSync(path.join(clientDir, 'page-shells.json'), `${JSON.stringify(markup, null, 2)}\n`);
console.log(`page shells: ${Object.keys(markup).join(', ')} written to ${clientDir}/page-shells.json`);
