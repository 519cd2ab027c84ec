import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cloneElement, type ReactElement } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMPLATE_SAMPLES } from '../../src/server/cli/email-samples';
import { SUPPORTED_LOCALES, type Locale } from '../../src/domain/locales';
import { renderEmailHtml } from '../../src/server/features/mail/index';
import { renderEmailHtmlWithReact } from '../../src/server/features/mail/render';

/** The templates that stay English: the staff's alert (decisions 0107, 0110). */
const ENGLISH_ONLY = new Set(['panel-alert']);
const STORE = 'http://localhost:5000';
const inLanguage = (element: ReactElement, locale: Locale) => cloneElement(element as ReactElement<{ locale?: Locale }>, { locale });

describe('each customer email template in each language', () => {
  it("draws the page in the language with its direction, the frame's words translated, filled from the cache as React draws it", async () => {
    const unsubscribe = { en: 'Unsubscribe from reminder and offer emails', es: 'Darte de baja', 'pt-BR': 'Cancelar a inscrição', fr: 'Se désabonner', de: 'abbestellen', ar: 'إلغاء الاشتراك' };
    for (const locale of SUPPORTED_LOCALES) {
      for (const [name, { element, reminder }] of Object.entries(TEMPLATE_SAMPLES)) {
        if (ENGLISH_ONLY.has(name)) continue;
        const unsubscribeUrl = reminder ? `${STORE}/unsubscribe?token=t` : null;
        const drawn = inLanguage(element, locale);
        const html = await renderEmailHtml(drawn, { storeUrl: STORE, unsubscribeUrl });
        expect(html, `${locale} ${name}`).toContain(`<html dir="${locale === 'ar' ? 'rtl' : 'ltr'}" lang="${locale}">`);
        expect(html, `${locale} ${name}`).toBe(renderEmailHtmlWithReact(drawn, { storeUrl: STORE, unsubscribeUrl }));
        if (reminder) expect(html, `${locale} ${name}`).toContain(unsubscribe[locale]);
      }
    }
  });

  it('writes the button and greeting of a template in its language', async () => {
    const { element } = TEMPLATE_SAMPLES['order-confirmation']!;
    const pt = await renderEmailHtml(inLanguage(element, 'pt-BR'), { storeUrl: STORE });
    expect(pt).toContain('Olá, Mona Lisa,');
    expect(pt).toContain('Ver sua assinatura');
    expect(pt).toContain('Ou abra este link:');
    const ar = await renderEmailHtml(inLanguage(element, 'ar'), { storeUrl: STORE });
    expect(ar).toContain('شكرًا لطلبك!');
    // The facts' gap on the term's inner side: its left in Arabic.
    expect(ar).toContain('padding:6px 0 6px 12px');
  });
});

describe('npm run mail:preview -- <folder> --locale=ar', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'mail-preview-ar-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes the previews in Arabic, right to left, and refuses an unknown language', () => {
    const root = path.resolve(import.meta.dirname, '..', '..');
    const run = spawnSync('npm', ['run', '--silent', 'mail:preview', '--', folder, '--locale=ar'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const refund = readFileSync(path.join(folder, 'refund.html'), 'utf8');
    expect(refund).toContain('<html dir="rtl" lang="ar">');
    expect(refund).toContain('افتح حسابك');
    const unknown = spawnSync('npm', ['run', '--silent', 'mail:preview', '--', folder, '--locale=it'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown --locale=it: one of en, es, pt-BR, fr, de, ar');
  }, 60_000);
});
