import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { latestMailLinks, useBrowser } from '../support/browser';
import { buyWithDemoCard } from '../support/guest-purchase';
import { pictureWhenAsked } from '../support/pictures';

/**
 * Support requests (decision 0102) at a phone's and a laptop's width: a guest from the
 * landing page's Contact Us to the emailed link, a signed-in customer's Help section with a
 * device, and the staff inbox with the ticket beside its lines. No sideways scroll and no
 * serious axe-core violation anywhere; HTML in a message stays text on every side.
 */
const PASSWORD = 'support-page-secret-1';
const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
let counter = 0;
const sidewaysScroll = (page: Page) => page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth))));

async function expectFitsAndAccessible(page: Page, what: string): Promise<void> {
  expect({ what, sideways: await sidewaysScroll(page) }).toEqual({ what, sideways: 0 });
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  await pictureWhenAsked(page, `support-${what.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${page.viewportSize()?.width ?? 0}`, { fullPage: true });
}

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? 0);

for (const width of [390, 1280]) {
  describe(`support requests at ${width} px`, () => {
    const b = useBrowser({ viewport: { width, height: 900 } });

    it('takes a guest from Contact Us to the emailed link, and a customer from Help to the staff inbox and back', async () => {
      const { page } = b;
      const tag = `${width}-${Date.now()}-${++counter}`;

      // A guest with an order writes from the landing page's footer.
      const guestEmail = `guest-support-${tag}@example.com`;
      const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; name: string }>;
      const oneMonth = packages.find((pkg) => pkg.name === '1 Month Premium') ?? packages[0]!;
      const orderId = await buyWithDemoCard(page, { firstName: 'Gil', lastName: 'Guest', email: guestEmail, packageId: oneMonth.id, deviceCount: '1' });
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Support' }).getByRole('link', { name: 'Contact Us' }).click();
      await page.waitForURL((url) => url.pathname === '/support');
      await page.getByRole('heading', { name: 'Contact Support' }).waitFor();
      await expectFitsAndAccessible(page, '/support');
      await page.getByLabel('Email used for your order').fill(guestEmail);
      await page.getByLabel('Order ID').fill(orderId);
      await page.getByLabel('What is it about?').selectOption({ label: 'Payment or billing' });
      await page.getByLabel('Subject').fill('Charged twice?');
      await page.getByLabel('Message').fill(`My card shows two charges. ${HOSTILE}`);
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.getByText('Check your email').waitFor();
      await expectFitsAndAccessible(page, '/support after sending');

      let guestLink = '';
      await expect.poll(() => (guestLink = latestMailLinks(guestEmail, /Confirm your support request/).find((link) => link.includes('/support/ticket/')) ?? ''), { timeout: 15_000 }).not.toBe('');
      await page.goto(guestLink);
      await page.getByRole('heading', { name: 'Your Support Request' }).waitFor();
      await page.getByText('Charged twice?').first().waitFor();
      expect(await page.getByRole('list', { name: 'Conversation' }).textContent()).toContain(HOSTILE);
      expect(await pwned(page)).toBe(0);
      await expectFitsAndAccessible(page, 'the guest ticket page');

      // A signed-in customer with a device opens a request from the account's Help section.
      const email = `customer-support-${tag}@example.com`;
      const registered = await page.request.post('/api/register', {
        data: { signupType: 'account', firstName: 'Cara', lastName: 'Customer', email, phone: '+1 555 0100', password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(registered.status()).toBe(201);
      await buyWithDemoCard(page, { firstName: 'Cara', lastName: 'Customer', email, packageId: oneMonth.id, deviceCount: '1' });
      await expect.poll(async () => ((await (await page.request.get('/api/subscriptions')).json()) as Array<{ deviceCredentials: unknown[] }>)[0]?.deviceCredentials.length ?? 0, { timeout: 30_000 }).toBe(1);
      await page.goto('/account');
      const help = page.getByTestId('help-section');
      await help.getByText('No requests yet.').waitFor();
      await help.getByRole('button', { name: 'New request' }).click();
      await help.getByLabel('What is it about?').selectOption({ label: 'Channels or picture' });
      await help.getByLabel('Device (optional)').selectOption({ index: 1 });
      await help.getByLabel('Channel name').fill(`Sports ${tag}`);
      await help.getByLabel('Subject').fill('Sports channel freezes');
      await help.getByLabel('Message').fill(`It freezes at 8 pm. ${HOSTILE}`);
      await expectFitsAndAccessible(page, 'the Help section form');
      await help.getByRole('button', { name: 'Send request' }).click();
      const conversation = help.getByRole('list', { name: 'Conversation' });
      await conversation.waitFor();
      expect(await conversation.textContent()).toContain(HOSTILE);
      expect(await pwned(page)).toBe(0);
      await expectFitsAndAccessible(page, 'the Help section with a ticket');

      // The staff see it in the inbox, with the line beside it, and reply.
      await adminSignIn(page);
      await page.goto('/admin?tab=support');
      const inbox = page.getByTestId('support-inbox');
      const row = inbox.getByTestId('ticket-row').filter({ hasText: 'Sports channel freezes' }).first();
      await row.waitFor();
      // The navigation counts the open tickets (on a phone, inside its closed menu).
      await expect.poll(() => page.locator('a[href="/admin?tab=support"] [data-testid="waiting-count"]').first().textContent({ timeout: 1000 }).catch(() => ''), { timeout: 20_000 }).toMatch(/^\d+\+?$/);
      await expectFitsAndAccessible(page, '/admin?tab=support');
      await row.click();
      const panel = page.getByTestId('ticket-panel');
      await panel.getByTestId('ticket-device').first().waitFor();
      expect(await panel.getByRole('list', { name: 'Conversation' }).textContent()).toContain(HOSTILE);
      expect(await pwned(page)).toBe(0);
      await panel.getByLabel('Reply', { exact: true }).fill('We reset your line; please restart the app.');
      await expectFitsAndAccessible(page, 'a ticket beside its lines');
      await panel.getByRole('button', { name: 'Send reply' }).click();
      await toast(page, 'Reply Sent').waitFor();
      await panel.getByRole('list', { name: 'Conversation' }).getByText('We reset your line; please restart the app.').first().waitFor();

      // The customer reads the reply, says it solved it from the email, and rates it in one click.
      let solvedLink = '';
      await expect.poll(() => (solvedLink = latestMailLinks(email, /^Re: \[#/).find((link) => link.includes('solved=1')) ?? ''), { timeout: 15_000 }).not.toBe('');
      await page.goto(solvedLink);
      await page.getByText('We reset your line; please restart the app.').first().waitFor();
      await page.getByRole('button', { name: 'Rate 5 of 5' }).waitFor();
      await expectFitsAndAccessible(page, 'the ticket solved from the email');
      await page.getByRole('button', { name: 'Rate 5 of 5' }).click();
      await page.getByText('You rated our help 5 of 5. Thank you.').waitFor();
      await expectFitsAndAccessible(page, 'the ticket rated');
    });
  });
}
