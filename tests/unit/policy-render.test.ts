import { describe, expect, it } from 'vitest';
import { renderPolicy } from '../../src/server/features/policies/render';

/** The policies' renderer (decision 0097): Markdown in, HTML a page can show as it is. */
describe('renderPolicy', () => {
  it('renders headings, emphasis, lists and safe links', () => {
    expect(renderPolicy('# Terms\n\n- **One** item\n- [Help](https://example.com) and [refunds](/refund-policy#how)')).toBe(
      '<h1>Terms</h1>\n<ul>\n<li><strong>One</strong> item</li>\n<li><a href="https://example.com">Help</a> and <a href="/refund-policy#how">refunds</a></li>\n</ul>\n',
    );
  });

  it('shows raw HTML as text', () => {
    expect(renderPolicy('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
    expect(renderPolicy('<img src=x onerror=alert(1)>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>\n');
  });

  it.each([
    ['[x](javascript:alert(1))'],
    ['[x](JAVASCRIPT:alert(1))'],
    ['[x](&#106;avascript:alert(1))'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)'],
    // markdown-it's own check lets these images' data through; ours does not.
    ['[x](data:image/png;base64,iVBORw0KGgo=)'],
    ['[x](vbscript:msgbox(1))'],
    ['[x](file:///etc/passwd)'],
    ['<javascript:alert(1)>'],
  ])('keeps %s from being a link', (markdown) => {
    expect(renderPolicy(markdown)).not.toContain('<a ');
  });

  it('loads no image', () => {
    expect(renderPolicy('![pixel](https://tracker.example/p.png)')).toBe('<p>!<a href="https://tracker.example/p.png">pixel</a></p>\n');
  });
});
