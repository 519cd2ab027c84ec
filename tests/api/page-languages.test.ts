import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

/**
 * The storefront in six languages (decision 0106): the address's prefix, then the saved
 * choice (cookie `locale`), then Accept-Language; <html lang dir>, hreflang alternates and the
 * first paint's messages in the served HTML; the admin English and never redirected.
 */
function fakeClientBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-languages-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en" class="dark"><head><meta charset="UTF-8" /><meta name="description" content="Premium IPTV in 4K: 18,000+ channels, 24/7 support and up to $30 gift card cashback with every subscription." /><title>StreamPlus IPTV - Premium 4K streaming with gift card cashback</title><script type="module" src="/assets/index-B2xk9Qa_.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'page-shells.json'), JSON.stringify({ LandingPage: '<main><h1>Premium IPTV</h1></main>', 'LandingPage@pt-BR': '<main><h1>IPTV premium</h1></main>' }));
  writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify({ LandingPage: ['assets/landing-Lq3vT8wz.js'] }));
  return dir;
}

const ORIGIN = 'http://localhost:5000';

/** The first paint's messages the page carries, as the app reads them. */
function pageMessages(html: string): { locale: string; areas: string[]; messages: Record<string, string> } {
  return JSON.parse(/<script type="application\/json" id="page-messages">(.*?)<\/script>/.exec(html)![1]!);
}

describe('the storefront in six languages', () => {
  const clientDir = fakeClientBuild();
  const t = useTestApp({}, { clientDir });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves English unprefixed when nothing asks for another language', async () => {
    for (const headers of [{}, { 'accept-language': 'en-GB,en;q=0.9' }, { 'accept-language': 'ja-JP' }] as Array<Record<string, string>>) {
      const page = await get('/', headers);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="en" dir="ltr" class="dark">');
      expect(page.headers.vary).toContain('Accept-Language');
    }
  });

  it('redirects an unprefixed page to the Accept-Language language, keeping the path and query', async () => {
    const landing = await get('/', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe('/es');
    const checkout = await get('/checkout?trial=true', { 'accept-language': 'pt-PT' });
    expect(checkout.statusCode).toBe(302);
    expect(checkout.headers.location).toBe('/pt-BR/checkout?trial=true');
  });

  it('puts the saved choice before Accept-Language, English too', async () => {
    const saved = await get('/login', { 'accept-language': 'de-DE', cookie: 'locale=ar' });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe('/ar/login');
    const english = await get('/', { 'accept-language': 'de-DE', cookie: 'locale=en' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en" dir="ltr"');
    // A cookie naming no supported language is passed over.
    const unknown = await get('/', { 'accept-language': 'fr-CA', cookie: 'locale=xx' });
    expect(unknown.headers.location).toBe('/fr');
  });

  it('serves a prefixed page in its language whatever the request prefers', async () => {
    const es = await get('/es', { 'accept-language': 'de', cookie: 'locale=fr' });
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('<html lang="es" dir="ltr" class="dark">');
    expect(pageMessages(es.body)).toMatchObject({ locale: 'es', areas: ['site', 'landing'], messages: { 'site.signIn': 'Iniciar sesión', 'landing.packages.title': 'Elige tu paquete' } });
    const ptBR = await get('/pt-BR');
    expect(ptBR.body).toContain('<html lang="pt-BR" dir="ltr"');
    expect(ptBR.body).toContain('<div id="root"><main><h1>IPTV premium</h1></main></div>');
    expect(pageMessages(ptBR.body).messages['landing.hero.startTrial']).toBe('Começar teste grátis');
    const checkout = await get('/pt-BR/checkout');
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain('<div id="root"></div>');
    expect(pageMessages(checkout.body)).toMatchObject({
      locale: 'pt-BR',
      areas: ['site', 'checkout', 'cart', 'payment'],
      messages: { 'site.checkout.title': 'Finalizar compra', 'checkout.method.title': 'Forma de pagamento', 'payment.shipping.street': 'Endereço', 'payment.confirmed.title': 'Pedido confirmado' },
    });
  });

  it('carries the first words of the support, status and policy pages, and of a 404', async () => {
    const firstWords = async (url: string) => {
      const page = await get(url);
      return { status: page.statusCode, ...pageMessages(page.body) };
    };
    expect(await firstWords('/ar/support')).toMatchObject({ status: 200, locale: 'ar', areas: ['site', 'support'], messages: { 'support.contact.title': 'التواصل مع الدعم' } });
    expect(await firstWords('/pt-BR/status')).toMatchObject({ status: 200, areas: ['site', 'status'], messages: { 'status.title': 'Status do serviço' } });
    expect(await firstWords('/de/terms')).toMatchObject({ status: 200, areas: ['site', 'policies'], messages: { 'policies.title.terms': 'Nutzungsbedingungen' } });
    expect(await firstWords('/es/setup/some-token')).toMatchObject({ status: 200, areas: ['site', 'auth'], messages: { 'auth.setup.verifying': 'Verificando el enlace...' } });
    expect(await firstWords('/ar/no-such-page')).toMatchObject({ status: 404, locale: 'ar', areas: ['site', 'pages'], messages: { 'pages.notFound.title': '404 الصفحة غير موجودة' } });
    expect(await firstWords('/no-such-page')).toMatchObject({ status: 404, locale: 'en', messages: { 'pages.notFound.title': '404 Page Not Found', 'pages.notFound.text': 'Did you forget to add the page to the router?' } });
  });

  it('lays Arabic out right to left', async () => {
    const ar = await get('/ar');
    expect(ar.statusCode).toBe(200);
    expect(ar.body).toContain('<html lang="ar" dir="rtl" class="dark">');
    expect(pageMessages(ar.body).messages['site.signIn']).toBe('تسجيل الدخول');
  });

  it('names the store in the tab and describes it in the page\'s language, English as index.html writes it', async () => {
    const english = (await get('/')).body;
    expect(english).toContain('<title>StreamPlus IPTV - Premium 4K streaming with gift card cashback</title>');
    expect(english).toContain('<meta name="description" content="Premium IPTV in 4K: 18,000+ channels, 24/7 support and up to $30 gift card cashback with every subscription."');
    const portuguese = (await get('/pt-BR')).body;
    expect(portuguese).toContain('<title>StreamPlus IPTV - Streaming premium em 4K com cashback em vale-presente</title>');
    expect(portuguese).toContain('<meta name="description" content="IPTV premium em 4K: mais de 18.000 canais, suporte 24/7 e até US$ 30 de cashback em vale-presente em cada assinatura."');
    expect((await get('/ar')).body).toContain('<title>StreamPlus IPTV - بث مميز بدقة 4K مع استرداد نقدي في بطاقة هدايا</title>');
  });

  it('names the page in every language and x-default on every storefront page', async () => {
    const expected = (pagePath: string, prefixedRoot: boolean) =>
      [
        `<link rel="alternate" hreflang="en" href="${ORIGIN}${pagePath}">`,
        ...['es', 'pt-BR', 'fr', 'de', 'ar'].map((locale) => `<link rel="alternate" hreflang="${locale}" href="${ORIGIN}/${locale}${prefixedRoot ? '' : pagePath}">`),
        `<link rel="alternate" hreflang="x-default" href="${ORIGIN}${pagePath}">`,
      ].join('');
    for (const url of ['/', '/es', '/pt-BR', '/ar']) {
      const page = await get(url);
      expect(page.body, url).toContain(expected('/', true));
      expect(page.body.match(/hreflang=/g), url).toHaveLength(7);
    }
    const checkout = await get('/fr/checkout');
    expect(checkout.body).toContain(expected('/checkout', false));
    // The alternates come before the page's module preloads, which end the head.
    expect((await get('/de')).body).toContain(`hreflang="x-default" href="${ORIGIN}/"><link rel="modulepreload" crossorigin href="/assets/landing-Lq3vT8wz.js"></head>`);
  });

  it('never redirects the admin or the API, and gives the admin no alternates', async () => {
    for (const url of ['/admin', '/admin-login', '/admin-dashboard']) {
      const page = await get(url, { 'accept-language': 'ar', cookie: 'locale=es' });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<html lang="en" dir="ltr"');
      expect(page.body, url).not.toContain('hreflang');
    }
    const api = await get('/api/packages', { 'accept-language': 'es', cookie: 'locale=es' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-type']).toContain('application/json');
    expect((await get('/es/admin')).statusCode).toBe(404);
  });

  it('answers 404 for an unknown page, in the language its prefix names, with no alternates', async () => {
    const unknown = await get('/es/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<html lang="es" dir="ltr"');
    expect(unknown.body).not.toContain('hreflang');
    expect((await get('/xx/checkout')).statusCode).toBe(404);
  });
});
