import { describe, expect, it } from 'vitest';
import { escapeHtml } from '#server/lib/escape-html';

describe('escapeHtml', () => {
  it("writes the five characters React escapes as React writes them, and leaves the rest", () => {
    expect(escapeHtml(`Tom & "Jerry's" <b>box</b> — 4K`)).toBe('Tom &amp; &quot;Jerry&#x27;s&quot; &lt;b&gt;box&lt;/b&gt; — 4K');
  });

  it('escapes an ampersand once, so an entity typed by the owner stays as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
