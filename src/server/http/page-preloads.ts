import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, textDirection, type Locale } from '#domain/locales';
import { escapeHtml } from '#server/lib/escape-html';
import { pageMessages } from './page-messages';

const ROOT = '<div id="root"></div>';

/** The build's markup of a page's shell, inside the root element the app renders into. */
const withShell = (indexHtml: string, shell: string) => indexHtml.replace(ROOT, `<div id="root">${shell}</div>`);

/** The catalogue areas whose words a page paints before its code asks for more (decision 0106). */
const FIRST_PAINT_AREAS: Record<string, readonly string[]> = {
  LandingPage: ['site', 'landing'],
  LoginPage: ['site', 'auth'],
  RegisterPage: ['site', 'auth'],
  PasswordSetupPage: ['site', 'auth'],
  CheckoutPage: ['site', 'checkout', 'cart', 'payment'],
  SetupPage: ['site', 'auth'],
  SupportPage: ['site', 'support'],
  SupportTicketPage: ['site', 'support'],
  StatusPage: ['site', 'status'],
  PolicyPage: ['site', 'policies'],
  AccountPage: ['site', 'account', 'billing', 'devices', 'support', 'payment'],
  RenewalConfirmPage: ['site', 'auth', 'account', 'payment'],
  UnsubscribePage: ['site', 'account'],
};
const DEFAULT_AREAS = ['site'];
/** An address no route knows: the 404 page's words. */
const NOT_FOUND_AREAS = ['site', 'pages'];

/** The build's shell of a page in a language: English under the page's name, the others as `<page>@<locale>`. */
export const shellKey = (page: string, locale: Locale) => (locale === DEFAULT_LOCALE ? page : `${page}@${locale}`);

/** <html lang dir> of the language (decision 0106): set in the HTML, so the first paint is laid out in its direction. */
function withLanguage(html: string, locale: Locale): string {
  return html.replace(/<html\b([^>]*)>/, (_tag, attributes: string) => {
    const others = attributes.replace(/\s(lang|dir)="[^"]*"/g, '');
    return `<html lang="${locale}" dir="${textDirection(locale)}"${others}>`;
  });
}

/**
 * The store's name in the tab and its description for search engines and shared links, in the
 * page's language: index.html writes them in English, which a page's own title replaces once
 * its code runs, and which the landing page keeps (decision 0106).
 */
function withStoreWords(html: string, locale: Locale): string {
  const { messages } = pageMessages(locale, ['site']);
  const title = messages['site.store.title'];
  const description = messages['site.store.description'];
  let written = html;
  if (title) written = written.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (description) written = written.replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(description)}"`);
  return written;
}

/** The first paint's messages, as data the app reads before its first render (never run as a script). */
function withMessages(html: string, page: string | null, locale: Locale): string {
  const areas = page ? (FIRST_PAINT_AREAS[page] ?? DEFAULT_AREAS) : NOT_FOUND_AREAS;
  const data = JSON.stringify(pageMessages(locale, areas)).replace(/</g, '\\u003c');
  return html.replace('</body>', `<script type="application/json" id="page-messages">${data}</script></body>`);
}

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
export function pageDocuments(clientDir: string, indexHtml: string): (page: string | null, locale: Locale, headLinks?: string) => string {
  const preloads = readBuildList<string[]>(clientDir, 'page-preloads.json');
  const shells = readBuildList<string>(clientDir, 'page-shells.json');
  const documents = new Map<string, { head: string; rest: string }>();
  const documentOf = (page: string | null, locale: Locale) => {
    const key = `${page ?? ''}@${locale}`;
    let document = documents.get(key);
    if (!document) {
      const links = ((page ? preloads[page] : undefined) ?? []).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      const html = withMessages(withStoreWords(withLanguage(indexHtml, locale), locale), page, locale);
      const shell = page ? shells[shellKey(page, locale)] : undefined;
      const [head = '', rest = ''] = (shell ? withShell(html, shell) : html).split('</head>');
      document = { head, rest: `${links}</head>${rest}` };
      documents.set(key, document);
    }
    return document;
  };
  // A page's own links (hreflang alternates) come before its module preloads.
  return (page, locale, headLinks = '') => {
    const { head, rest } = documentOf(page, locale);
    return `${head}${headLinks}${rest}`;
  };
}
