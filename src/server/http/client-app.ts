import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeAlternates, LOCALE_COOKIE, localizedPath, preferredLocale, splitLocalePath } from '#domain/locale-paths';
import { DEFAULT_LOCALE } from '#domain/locales';
import type { Config } from '#server/config';
import { pageDocuments } from './page-preloads';

/**
 * The client routes of the spec's table, each with the page (src/client/pages/<Name>.tsx)
 * the client loads for it; any other path is answered 404 with the app's page.
 */
const CLIENT_ROUTES: Array<[route: RegExp, page: string | null]> = [
  [/^\/$/, 'LandingPage'],
  [/^\/checkout$/, 'CheckoutPage'],
  [/^\/login$/, 'LoginPage'],
  [/^\/register$/, 'RegisterPage'],
  [/^\/account$/, 'AccountPage'],
  // A payment's printable receipt, from the account's Billing section; its calls are routes of features/reports.
  [/^\/account\/receipts\/[^/]+$/, 'ReceiptPage'],
  [/^\/setup\/[^/]+$/, 'SetupPage'],
  [/^\/password-setup$/, 'PasswordSetupPage'],
  [/^\/admin$/, 'AdminPage'],
  [/^\/admin-login$/, 'AdminLoginPage'],
  [/^\/admin-dashboard$/, 'AdminDashboardPage'],
  // An email's unsubscribe link (decision 0040); its one-click POST is a route of features/mail.
  [/^\/unsubscribe$/, 'UnsubscribePage'],
  // An automatic renewal's confirmation link (3-D Secure); its calls are routes of features/renewals.
  [/^\/renewals\/[^/]+\/confirm$/, 'RenewalConfirmPage'],
  // The public status page (decision 0094); its call is a route of features/incidents.
  [/^\/status$/, 'StatusPage'],
  // The store's policies (decision 0097); their call is a route of features/policies.
  [/^\/(terms|privacy|refund-policy)$/, 'PolicyPage'],
  // Support requests (decision 0102): a guest's form, and a ticket by its emailed link; their calls are routes of features/support.
  [/^\/support$/, 'SupportPage'],
  [/^\/support\/ticket\/[^/]+$/, 'SupportTicketPage'],
];

function routeOf(pathname: string) {
  return CLIENT_ROUTES.find(([route]) => route.test(pathname));
}

/** The admin's pages stay English and unprefixed (decision 0106): never redirected, no alternates. */
const ADMIN_PAGES = new Set(['AdminPage', 'AdminLoginPage', 'AdminDashboardPage']);


/** The page's address in every language, and x-default (the unprefixed one, which picks a language). */
function hreflangLinks(publicUrl: string, path: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  const links = localeAlternates(path).map(({ locale, path: href }) => `<link rel="alternate" hreflang="${locale}" href="${origin}${href}">`);
  return [...links, `<link rel="alternate" hreflang="x-default" href="${origin}${path}">`].join('');
}

/** Vite's output under assets/: `name-<8-character content hash>.ext`, so its address changes with its content. */
function isHashedAsset(filePath: string): boolean {
  return filePath.includes(`${path.sep}assets${path.sep}`) && /-[\w-]{8}\.\w+$/.test(path.basename(filePath).replace(/\.(br|gz)$/, ''));
}

/**
 * Serves the built client: hashed assets cached for a year (pre-compressed at build
 * time), index.html never cached, and index.html for every page so the client routes.
 */
export async function serveClientApp(app: FastifyInstance, clientDir: string, config: Pick<Config, 'PUBLIC_URL'>): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The client is not built: ${indexFile} is missing (run npm run build)`);
  const documentFor = pageDocuments(clientDir, readFileSync(indexFile, 'utf8'));

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Left on, @fastify/send writes its own `max-age=0` over the header set below.
    cacheControl: false,
    // Source maps would hand out the client's source; the build keeps them out of this folder too.
    allowedPath: (pathname) => !pathname.endsWith('.map'),
    setHeaders(res, filePath) {
      res.setHeader('cache-control', isHashedAsset(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  // A storefront page in the visitor's language (decision 0106): the address's prefix, else a
  // redirect from the unprefixed (English) address to the saved or Accept-Language choice.
  app.decorate('sendClientApp', (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    const { locale, path: pagePath, prefixed } = splitLocalePath(pathname);
    const found = routeOf(pagePath);
    const page = found?.[1] ?? null;
    const storefront = found !== undefined && !(page && ADMIN_PAGES.has(page));
    // The admin has no language prefix: /es/admin is no page.
    const route = prefixed && !storefront ? undefined : found;
    if (storefront && !prefixed) {
      const preferred = preferredLocale(request.cookies?.[LOCALE_COOKIE], request.headers['accept-language']);
      // The answer depends on these two request headers; a cache keeps one copy per value.
      reply.header('vary', 'Accept-Language, Cookie');
      if (preferred !== DEFAULT_LOCALE) {
        return reply.header('cache-control', 'no-cache').redirect(`${localizedPath(preferred, pagePath)}${query ? `?${query}` : ''}`, 302);
      }
    }
    return reply
      .code(route ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(documentFor(route?.[1] ?? null, locale, route && storefront ? hreflangLinks(config.PUBLIC_URL, pagePath) : ''));
  });
  app.get('/', (request, reply) => app.sendClientApp!(request, reply));
}

declare module 'fastify' {
  interface FastifyInstance {
    sendClientApp?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}
