import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { checkoutForm, postCheckout, seededPackages } from '../support/checkout';
import { useTestApp } from '../support/test-app';

/** The store's policy pages' calls and the buyer's agreement kept with the order (decision 0097). */
describe('policies', () => {
  const t = useTestApp();

  const getPolicy = (name: string) => t.app.inject({ method: 'GET', url: `/api/policies/${name}` });
  const putPolicy = (name: string, payload: unknown, cookies: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/policies/${name}`, payload: payload as Record<string, unknown>, cookies });

  it('answers each policy with the default text as version 1 before any edit, to anyone', async () => {
    const titles: Array<[string, string]> = [
      ['terms', 'Terms of Service'],
      ['privacy', 'Privacy Policy'],
      ['refund-policy', 'Refund Policy'],
    ];
    for (const [name, title] of titles) {
      const response = await getPolicy(name);
      expect(response.statusCode).toBe(200);
      const policy = response.json();
      expect(policy).toMatchObject({ name, title, version: 1, updatedAt: null });
      expect(policy.html).toContain(`<h1>${title}</h1>`);
    }
    expect((await getPolicy('terms')).json().html).toContain('IPTV');
    expect((await getPolicy('refund-policy')).json().html).toContain('<strong>7 days</strong>');
  });

  it('answers 404 for a policy that does not exist', async () => {
    const unknown = await getPolicy('cookies');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Policy not found' });
    const cookies = await signInAdmin(t);
    const edit = await putPolicy('cookies', { markdown: '# Cookies' }, cookies);
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: 'Policy not found' });
  });

  it('refuses the admin calls without an admin session', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/policies' });
    expect(list.statusCode).toBe(401);
    const edit = await putPolicy('terms', { markdown: '# Mine' }, {});
    expect(edit.statusCode).toBe(401);
    expect(edit.json()).toHaveProperty('message');
    expect((await getPolicy('terms')).json().version).toBe(1);
  });

  it('refuses blank, missing, too long and control-character Markdown with 400', async () => {
    const cookies = await signInAdmin(t);
    const cases: Array<[unknown, string]> = [
      [{ markdown: '   \n ' }, 'Markdown is required'],
      [{}, 'Markdown is required'],
      [{ markdown: 42 }, 'Markdown is required'],
      [{ markdown: 'x'.repeat(50_001) }, 'Markdown must be at most 50000 characters'],
      [{ markdown: 'a\u0000b' }, 'Markdown must not contain control characters'],
      [{ markdown: 'half \ud800 a pair' }, 'Markdown must be valid Unicode text'],
    ];
    for (const [payload, message] of cases) {
      const response = await putPolicy('terms', payload, cookies);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await getPolicy('terms')).json().version).toBe(1);
  });

  it('appends a version per edit, keeps the history with its author, and audits the change', async () => {
    const cookies = await signInAdmin(t);
    const first = await putPolicy('terms', { markdown: '# Our terms\r\n\r\nBe *kind*.' }, cookies);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'terms', version: 2, markdown: '# Our terms\n\nBe *kind*.', html: '<h1>Our terms</h1>\n<p>Be <em>kind</em>.</p>\n' });

    // The same text again (a double submit) is no new version and no audit row.
    expect((await putPolicy('terms', { markdown: '# Our terms\n\nBe *kind*.' }, cookies)).json().version).toBe(2);
    const second = await putPolicy('terms', { markdown: '# Our terms\n\nVersion three.' }, cookies);
    expect(second.json().version).toBe(3);

    const page = (await getPolicy('terms')).json();
    expect(page).toMatchObject({ version: 3, html: '<h1>Our terms</h1>\n<p>Version three.</p>\n' });
    expect(page.updatedAt).toEqual(expect.any(String));

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/policies', cookies });
    expect(list.statusCode).toBe(200);
    const terms = list.json().find((policy: { name: string }) => policy.name === 'terms');
    expect(terms.versions.map((version: { version: number; createdBy: string | null }) => [version.version, version.createdBy])).toEqual([
      [3, 'owner'],
      [2, 'owner'],
      [1, null],
    ]);
    // The other policies are untouched.
    expect(list.json().map((policy: { name: string; version: number }) => [policy.name, policy.version])).toEqual([
      ['terms', 3],
      ['privacy', 1],
      ['refund-policy', 1],
    ]);

    const audit = await t.database.db
      .select({ before: auditLog.before, after: auditLog.after, adminUsername: auditLog.adminUsername })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'policy.update'), eq(auditLog.targetId, 'terms')));
    expect(audit).toHaveLength(2);
    expect(audit).toContainEqual({ before: { version: 1 }, after: { version: 2 }, adminUsername: 'owner' });
    expect(audit).toContainEqual({ before: { version: 2 }, after: { version: 3 }, adminUsername: 'owner' });
  });

  it('renders no script and no unsafe link from the Markdown', async () => {
    const cookies = await signInAdmin(t);
    const markdown = [
      '<script>alert(1)</script>',
      '',
      '[js](javascript:alert(1)) [upper](JAVASCRIPT:alert(1)) [spaced]( javascript:alert(2)) [entity](&#106;avascript:alert(3))',
      '',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [png](data:image/png;base64,iVBORw0KGgo=) [vb](vbscript:msgbox(1))',
      '',
      '![img](https://tracker.example/pixel.png) <img src=x onerror=alert(1)> <a href="javascript:alert(1)">raw</a>',
      '',
      '[web](https://example.com/help) [mail](mailto:support@streamplus.tv) [page](/refund-policy)',
    ].join('\n');
    const edit = await putPolicy('privacy', { markdown }, cookies);
    expect(edit.statusCode).toBe(200);
    const { html } = (await getPolicy('privacy')).json();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/href="(javascript|data|vbscript):/i);
    expect(html).not.toMatch(/href="\s*javascript/i);
    // Each refused link is shown as its text, not as a link.
    expect(html).toContain('[js](javascript:alert(1))');
    expect(html).toContain('[upper](JAVASCRIPT:alert(1))');
    expect(html).toContain('[png](data:image/png;base64,iVBORw0KGgo=)');
    expect(html).toContain('<a href="https://example.com/help">web</a>');
    expect(html).toContain('<a href="mailto:support@streamplus.tv">mail</a>');
    expect(html).toContain('<a href="/refund-policy">page</a>');
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    // An image is never loaded: its Markdown is a plain link to it.
    expect(hrefs).toEqual(['https://tracker.example/pixel.png', 'https://example.com/help', 'mailto:support@streamplus.tv', '/refund-policy']);
  });

  it('records on the order the versions in force, the buyer address and browser, and shows them in the admin order detail', async () => {
    const cookies = await signInAdmin(t);
    await putPolicy('terms', { markdown: '# Terms\n\nSecond version.' }, cookies);
    const packages = await seededPackages(t.app);
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) ${'Long'.repeat(200)}`;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutForm(packages.oneMonth.id, { termsVersion: 99 }),
      headers: { 'user-agent': userAgent },
      remoteAddress: '198.51.100.23',
    });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().order.id as string;

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ termsVersion: 2, refundPolicyVersion: 1, buyerIpAddress: '198.51.100.23' });
    expect(row!.buyerUserAgent).toHaveLength(512);
    expect(userAgent.startsWith(row!.buyerUserAgent!)).toBe(true);

    // A later edit changes nothing recorded.
    await putPolicy('terms', { markdown: '# Terms\n\nThird version.' }, cookies);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, cookies });
    expect(detail.statusCode).toBe(200);
    const answer = detail.json();
    expect(answer.policiesAccepted).toEqual([
      { name: 'terms', version: 2, markdown: '# Terms\n\nSecond version.', html: '<h1>Terms</h1>\n<p>Second version.</p>\n' },
      { name: 'refund-policy', version: 1, markdown: expect.stringContaining('# Refund Policy'), html: expect.stringContaining('<h1>Refund Policy</h1>') },
    ]);
    expect(answer.agreement).toEqual({ ipAddress: '198.51.100.23', userAgent: row!.buyerUserAgent, acceptedAt: row!.createdAt.toISOString() });
  });

  it('keeps one agreement on a double submit, as the first order recorded it', async () => {
    const packages = await seededPackages(t.app);
    const form = checkoutForm(packages.oneMonth.id);
    const first = await postCheckout(t.app, form);
    const bid = first.cookies.find((cookie) => cookie.name === 'bid')!.value;
    const again = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: form, cookies: { bid }, headers: { 'user-agent': 'Another browser' } });
    expect(again.json().order.id).toBe(first.json().order.id);
    const rows = await t.database.db.select({ termsVersion: orders.termsVersion, buyerUserAgent: orders.buyerUserAgent }).from(orders).where(eq(orders.customerEmail, String(form.email)));
    expect(rows).toEqual([{ termsVersion: 1, buyerUserAgent: 'lightMyRequest' }]);
  });
});
