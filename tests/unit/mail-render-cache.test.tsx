import { cloneElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_SAMPLES } from '../../src/server/cli/email-samples';
import { renderEmailHtml } from '../../src/server/features/mail/index';
import { renderEmailHtmlWithReact } from '../../src/server/features/mail/render';

const STORE = 'http://localhost:5000';
const UNSUBSCRIBE = `${STORE}/unsubscribe?token=sample-token`;

/**
 * Every text value of `props` replaced by `text(value)`, all else kept: the kind of a
 * password link (its words follow it) and a button's path (the store's own page) are kept.
 */
function withTexts(props: unknown, text: (value: string, at: string) => string, at = ''): unknown {
  if (typeof props === 'string') return at === 'kind' || at.endsWith('.path') ? props : text(props, at);
  if (Array.isArray(props)) return props.map((item, i) => withTexts(item, text, `${at}[${i}]`));
  if (props && typeof props === 'object') return Object.fromEntries(Object.entries(props).map(([name, value]) => [name, withTexts(value, text, at ? `${at}.${name}` : name)]));
  return props;
}

const variants: Record<string, (value: string, at: string) => string> = {
  'its sample values': (value) => value,
  'values with every character React escapes': (value, at) => `${at} <b class="x">Zoë & 'Ann'</b> > ${value}`,
  'one-letter values': () => 'a',
  'values past the preview line (150 characters)': (value, at) => `${at}: ${value} `.repeat(12),
  'other words of other lengths': (value, at) => `${value.length}/${at}`.toUpperCase(),
};

describe('an email drawn from its template once per shape (decision 0048)', () => {
  for (const [name, { element, reminder }] of Object.entries(TEMPLATE_SAMPLES)) {
    for (const [variant, text] of Object.entries(variants)) {
      it(`${name}, with ${variant}: the same HTML as React draws in full`, async () => {
        const email = cloneElement(element as ReactElement<Record<string, unknown>>, withTexts(element.props, text) as Record<string, unknown>);
        for (const unsubscribeUrl of reminder ? [UNSUBSCRIBE, `${UNSUBSCRIBE}&x="<'>"`] : [null]) {
          const full = renderEmailHtmlWithReact(email, { storeUrl: STORE, unsubscribeUrl });
          // Twice: the first draws the template (or finds it drawn by an earlier test), the second fills it.
          expect(await renderEmailHtml(email, { storeUrl: STORE, unsubscribeUrl })).toBe(full);
          expect(await renderEmailHtml(email, { storeUrl: STORE, unsubscribeUrl })).toBe(full);
        }
      });
    }
  }

  it('fills each email with its own values: two buyers of one shape get their own names and links', async () => {
    const sample = TEMPLATE_SAMPLES['setup-link']!.element as ReactElement<Record<string, unknown>>;
    const ann = cloneElement(sample, { firstName: 'Ann', link: 'https://shop.example/setup/ann-token' });
    const bob = cloneElement(sample, { firstName: 'Bob', link: 'https://shop.example/setup/bob-token' });
    const [annHtml, bobHtml] = [await renderEmailHtml(ann, { storeUrl: STORE }), await renderEmailHtml(bob, { storeUrl: STORE })];
    expect(annHtml).toContain('Hello Ann,');
    expect(annHtml).toContain('href="https://shop.example/setup/ann-token"');
    expect(annHtml).not.toContain('Bob');
    expect(bobHtml).toContain('Hello Bob,');
    expect(bobHtml).toContain('href="https://shop.example/setup/bob-token"');
    expect(bobHtml).not.toContain('ann-token');
  });

  it('leaves a javascript: address to React, which blocks it as it always did', async () => {
    const sample = TEMPLATE_SAMPLES['setup-link']!.element as ReactElement<Record<string, unknown>>;
    const email = cloneElement(sample, { link: 'javascript:alert(1)' });
    const html = await renderEmailHtml(email, { storeUrl: STORE });
    expect(html).toBe(renderEmailHtmlWithReact(email, { storeUrl: STORE }));
    expect(html).not.toContain('href="javascript:alert(1)"');
  });
});
