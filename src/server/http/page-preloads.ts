import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = '<div id="root"></div>';

/** The build's markup of a page's shell, inside the root element the app renders into. */
const withShell = (indexHtml: string, shell: string) => indexHtml.replace(ROOT, `<div id="root">${shell}</div>`);

/** A list the client's build writes beside index.html, by page; empty when the build wrote none. */
function readBuildList<T>(clientDir: string, file: string): Record<string, T> {
  const listFile = path.join(clientDir, file);
  return existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, T>) : {};
}

/**
 * index.html for each lazily loaded page, naming that page's chunks as module preloads so a
 * phone fetches them beside the first script rather than once it has run (decision 0024),
 * and, for a page with a shell, with the shell's markup inside the root element, so the phone
 * paints it from the HTML and the stylesheet before any script has run (decision 0060). The
 * build lists the chunks in page-preloads.json (vite.config.ts) and the shells in
 * page-shells.json (src/client/app/prerender-shells.tsx); without them, or for a page they
 * do not list, the plain index.html is used.
 */
export function pageDocuments(clientDir: string, indexHtml: string): (page: string | null) => string {
  const preloads = readBuildList<string[]>(clientDir, 'page-preloads.json');
  const shells = readBuildList<string>(clientDir, 'page-shells.json');
  const pages = new Set([...Object.keys(preloads), ...Object.keys(shells)]);
  const documents = new Map(
    [...pages].map((page) => {
      const links = (preloads[page] ?? []).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      const html = indexHtml.replace('</head>', `${links}</head>`);
      const shell = shells[page];
      return [page, shell ? withShell(html, shell) : html];
    }),
  );
  return (page) => (page && documents.get(page)) || indexHtml;
}
