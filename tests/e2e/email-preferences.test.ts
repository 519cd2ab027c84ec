import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_SAMPLES } from '../../src/server/cli/email-samples';
import { linkMail } from '../../src/server/features/mail/link-mail';
import { renderEmailHtml } from '../../src/server/features/mail/index';
import { unsubscribeToken } from '../../src/server/features/mail/unsubscribe-link';
import { seriousAxeViolations } from '../support/axe';
import { e2eStore, useBrowser } from '../support/browser';

const PASSWORD = 'correct-horse-7';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/** The store's session secret, which signs its unsubscribe links: kept in the e2e store's data folder beside its log. */
const storeSecret = () => readFileSync(path.join(path.dirname(e2eStore().serverLog), 'session-secret'), 'utf8').trim();

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/account');
  await page.getByText('Welcome back, Ada!').waitFor();
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of [390, 1280]) {
  describe(`email preferences at ${width} px`, () => {
    const b = useBrowser({ viewport: { width, height: 900 } });

    it('turns reminder and offer emails off and on from the account page', async () => {
      const { page } = b;
      await register(page, uniqueEmail(`switch-${width}`));
      const reminders = page.getByRole('switch', { name: 'Reminder and offer emails' });
      await reminders.waitFor();
      expect(await reminders.getAttribute('aria-checked')).toBe('true');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await reminders.click();
      await page.getByText('Email Preferences Saved', { exact: true }).waitFor();
      expect(await page.getByText('Reminder and offer emails are off.').count()).toBeGreaterThan(0);
      await expect.poll(() => reminders.getAttribute('aria-checked')).toBe('false');
      await page.reload();
      await expect.poll(() => page.getByRole('switch', { name: 'Reminder and offer emails' }).getAttribute('aria-checked')).toBe('false');

      await page.getByRole('switch', { name: 'Reminder and offer emails' }).click();
      await expect.poll(() => page.getByRole('switch', { name: 'Reminder and offer emails' }).getAttribute('aria-checked')).toBe('true');
    });

    it('unsubscribes from an email\'s link without signing in, says so again when reused, and refuses a forged link', async () => {
      const { page, context } = b;
      await register(page, uniqueEmail(`unsubscribe-${width}`));
      const customerId = await page.evaluate(async () => ((await (await fetch('/api/auth/me')).json()) as { id: string }).id);
      const token = unsubscribeToken(storeSecret(), customerId);

      // A mail reader's browser: no session.
      const reader = await context.browser()!.newContext({ baseURL: b.baseUrl, viewport: { width, height: 900 } });
      try {
        const mailPage = await reader.newPage();
        await mailPage.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
        await mailPage.getByRole('heading', { name: 'Unsubscribe from reminder emails' }).waitFor();
        expect(await sidewaysScroll(mailPage)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(mailPage)).toEqual([]);
        await mailPage.getByRole('button', { name: 'Unsubscribe' }).click();
        await mailPage.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
        expect(await mailPage.getByText('You are unsubscribed from StreamPlus reminder and offer emails.', { exact: false }).count()).toBe(1);
        expect(await seriousAxeViolations(mailPage)).toEqual([]);

        await mailPage.reload();
        await mailPage.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();

        const [id, signature] = token.split('.');
        await mailPage.goto(`/unsubscribe?token=${encodeURIComponent(`${id}.${signature!.slice(0, -2)}xx`)}`);
        await mailPage.getByRole('heading', { name: 'Invalid unsubscribe link' }).waitFor();
        expect(await mailPage.getByText('This unsubscribe link is not valid. Nothing was changed.', { exact: false }).count()).toBe(1);
        expect(await mailPage.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
        expect(await sidewaysScroll(mailPage)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(mailPage)).toEqual([]);
      } finally {
        await reader.close();
      }

      await page.reload();
      await expect.poll(() => page.getByRole('switch', { name: 'Reminder and offer emails' }).getAttribute('aria-checked')).toBe('false');
    });
  });
}

describe('the emails in a 320 px reader, light and dark', () => {
  const b = useBrowser({ viewport: { width: 320, height: 800 } });

  it('fits every template on the screen and turns the card navy with light words in dark mode', async () => {
    const { page } = b;
    const samples = Object.entries(TEMPLATE_SAMPLES).map(([name, { element, reminder }]) => ({ name, element, reminder }));
    // A long link in a real email too: the setup link of a customer with a long name.
    samples.push({ name: 'long-setup-link', element: linkMail('setup', { to: 'x@example.com', firstName: 'Maximiliana-Theodora', link: `${b.baseUrl}/setup/${'a'.repeat(43)}` }).html!, reminder: false });
    for (const { name, element, reminder } of samples) {
      const html = await renderEmailHtml(element, { storeUrl: b.baseUrl, unsubscribeUrl: reminder ? `${b.baseUrl}/unsubscribe?token=t.s` : null });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setContent(html);
        expect(await sidewaysScroll(page), `${name} ${scheme}`).toBeLessThanOrEqual(0);
        const heading = await page.locator('h1').evaluate((element) => getComputedStyle(element).color);
        const card = await page.locator('.sp-card').evaluate((element) => getComputedStyle(element).backgroundColor);
        if (scheme === 'dark') {
          expect([heading, card], name).toEqual(['rgb(230, 233, 245)', 'rgb(15, 22, 41)']);
        } else {
          expect([heading, card], name).toEqual(['rgb(17, 24, 39)', 'rgb(255, 255, 255)']);
        }
        expect(await page.locator('.sp-button').count(), name).toBe(1);
      }
    }
  });
});
