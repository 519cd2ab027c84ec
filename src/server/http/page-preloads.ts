import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * index.html for each lazily loaded page, naming that page's chunks as module preloads so a
 * phone fetches them beside the first script rather than once it has run (decision 0024).
 * The build lists the chunks in page-preloads.json (vite.config.ts); without it, or for a
 * page it does not list, the plain index.html is used.
 */
export function pageDocuments(clientDir: string, indexHtml: string): (page: string | null) => string {
  const listFile = path.join(clientDir, 'page-preloads.json');
  const lists = (existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : {}) as Record<string, string[]>;
  const documents = new Map(
    Object.entries(lists).map(([page, files]) => {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      return [page, indexHtml.replace('</head>', `${links}</head>`)];
    }),
  );
  return (page) => (page && documents.get(page)) || indexHtml;
}
