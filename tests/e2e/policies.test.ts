import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { checkoutOneMonth, payAsGuest } from '../support/guest-purchase';

/**
 * The store's policy pages and the buyer's agreement (decision 0097) at a phone's and a laptop's
 * width: the footer's links, the checkout's sentence, the owner's edit in the admin's Policies
 * section, and the Agreement in the order's detail; no sideways scroll and no serious axe-core
 * violation on any of them. The edits go to the privacy policy, which no order records, and
 * to the terms with a text of this run, so other tests on the shared store see no difference.
 */
let counter = 0;
const sidewaysScroll = (page: Page) => page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth))));

async function expectFitsAndAccessible(page: Page, what: string): Promise<void> {
  expect({ what, sideways: await sidewaysScroll(page) }).toEqual({ what, sideways: 0 });
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
}

for (const width of [390, 1280]) {
  describe(`the policies at ${width} px`, () => {
    const b = useBrowser({ viewport: { width, height: 900 } });

    it('leads from the footer to the terms, and from the checkout to the terms and the refund policy', async () => {
      const { page, context } = b;
      await page.goto('/');
      const footer = page.locator('footer');
      const termsLink = footer.getByRole('link', { name: 'Terms of Service' });
      expect(await termsLink.getAttribute('href')).toBe('/terms');
      expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
      expect(await footer.getByRole('link', { name: 'Refund Policy' }).getAttribute('href')).toBe('/refund-policy');
      await termsLink.click();
      await page.waitForURL('**/terms');
      const terms = page.getByTestId('policy-text');
      await terms.getByRole('heading', { level: 1 }).waitFor();
      expect(await terms.textContent()).toContain('IPTV');
      await expect.poll(() => page.title()).toBe('Terms of Service | StreamPlus');
      await expectFitsAndAccessible(page, '/terms');

      await page.goto('/refund-policy');
      await page.getByTestId('policy-text').getByRole('heading', { level: 1, name: 'Refund Policy' }).waitFor();
      await expectFitsAndAccessible(page, '/refund-policy');

      await checkoutOneMonth(page);
      await page.getByLabel('First Name').fill('Ada');
      const sentence = page.getByTestId('policy-agreement');
      await sentence.waitFor();
      expect(await sentence.textContent()).toBe('By paying you agree to the Terms (opens in a new tab) and the Refund Policy (opens in a new tab).');
      await expectFitsAndAccessible(page, '/checkout');
      const refundLink = sentence.getByRole('link', { name: /^Refund Policy/ });
      expect(await sentence.getByRole('link', { name: /^Terms/ }).getAttribute('href')).toBe('/terms');
      expect(await refundLink.getAttribute('href')).toBe('/refund-policy');
      // The policy opens in a new tab; the form keeps what was typed.
      const [opened] = await Promise.all([context.waitForEvent('page'), refundLink.click()]);
      await opened.getByTestId('policy-text').getByRole('heading', { level: 1, name: 'Refund Policy' }).waitFor();
      await opened.close();
      expect(await page.getByLabel('First Name').inputValue()).toBe('Ada');
    });

    it('lets the owner edit a policy, shows the new version, and keeps the agreement with the order', async () => {
      const { page } = b;
      const marker = `Edited at ${width} px, run ${Date.now()}-${++counter}`;
      await adminSignIn(page);
      await page.goto('/admin?tab=policies&policy=privacy');
      const editor = page.getByRole('textbox', { name: 'Privacy Policy (Markdown)' });
      await editor.waitFor();
      await expectFitsAndAccessible(page, '/admin?tab=policies');

      await editor.fill(`# Privacy Policy\n\n${marker}\n\n<script>window.hacked = true</script> [bad](javascript:window.hacked=true)`);
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('region', { name: 'Preview' }).getByTestId('policy-text');
      await expect.poll(() => preview.textContent()).toContain(marker);
      expect(await preview.locator('a').count()).toBe(0);
      await page.getByRole('button', { name: 'Save as New Version' }).click();
      await toast(page, 'Policy Saved').waitFor();
      const versions = page.getByRole('region', { name: 'Versions' });
      // Version 1 was already "Live": wait for the new version's row, which names its author, to lead the list.
      await versions.locator('tbody tr').first().getByText('store-owner').waitFor();
      expect(await versions.locator('tbody tr').first().textContent()).toContain('Live');
      await expectFitsAndAccessible(page, 'the saved policy');

      await page.goto('/privacy');
      const privacy = page.getByTestId('policy-text');
      await expect.poll(() => privacy.textContent()).toContain(marker);
      expect(await privacy.textContent()).toContain('<script>window.hacked = true</script>');
      expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
      const version = Number((await page.getByTestId('policy-version').textContent())!.match(/Version (\d+)/)![1]);
      expect(version).toBeGreaterThan(1);
      await expectFitsAndAccessible(page, '/privacy after the edit');

      // A buyer pays; the order's detail shows the versions agreed to, their text, the address, browser and time.
      await checkoutOneMonth(page);
      const email = `policies-${width}-${Date.now()}@example.com`;
      const orderId = await payAsGuest(page, { firstName: 'Ada', lastName: 'Lovelace', email, giftCard: 'Chewy' });
      const terms = (await (await page.request.get('/api/policies/terms')).json()) as { version: number };
      await page.goto(`/admin?tab=orders&q=${encodeURIComponent(orderId)}`);
      await page.getByRole('button', { name: orderId }).first().click();
      const agreement = page.getByTestId('order-detail').getByRole('region', { name: 'Agreement' });
      await agreement.waitFor();
      const accepted = agreement.getByRole('list', { name: 'Policies accepted' });
      expect(await accepted.getByRole('listitem').allTextContents()).toEqual([
        expect.stringContaining(`Terms of Service, version ${terms.version}`),
        expect.stringContaining('Refund Policy, version'),
      ]);
      expect(await agreement.textContent()).toContain('Mozilla/5.0');
      await agreement.getByText(`Terms of Service, version ${terms.version}`).click();
      await agreement.getByTestId('policy-text').first().getByRole('heading', { level: 1 }).waitFor();
      await expectFitsAndAccessible(page, "the order's Agreement");
    });
  });
}
