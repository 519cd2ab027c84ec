import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { registerCustomer } from '../support/customers';
import { atWidth, expectFitsAndAccessible } from '../support/page-at-width';
import { useStoreWithClock } from '../support/store-with-clock';

/** The account page's Telegram card (decision 0103), on a store with the demo bot, and its absence on a store without a bot. */

const LINKED_REPLY =
  'Your StreamPlus account is linked. Renewal reminders, renewal results and replies to your support tickets now arrive here too, as well as by email.';

describe('the Telegram card on a store with the demo bot', () => {
  const b = useBrowser();
  const own = useStoreWithClock(new Date().toISOString(), { TELEGRAM_BOT_TOKEN: 'demo' });

  for (const width of [390, 1280]) {
    it(`links, shows linked with the bot's message, and unlinks, at ${width} px`, async () => {
      const { store } = own;
      const customer = await registerCustomer(store.app);
      await atWidth(b, store.baseUrl, width, async (page) => {
        await page.context().addCookies([{ name: 'sid', value: customer.cookies.sid, url: store.baseUrl }]);
        await page.goto('/account');
        const card = page.getByTestId('telegram');
        await card.getByRole('heading', { name: 'Telegram Demo' }).waitFor();
        expect(await card.getByRole('status').textContent()).toBe(
          'Not linked. Get reminders, renewal results and support replies in Telegram as well as by email. No phone number needed.',
        );
        await expectFitsAndAccessible(page);

        await card.getByRole('button', { name: 'Link Telegram' }).click();
        const open = card.getByRole('link', { name: 'Open Telegram and press Start' });
        await open.waitFor();
        expect(await card.getByText('This link works once, for 30 minutes.', { exact: false }).count()).toBe(1);
        await expectFitsAndAccessible(page);
        const href = (await open.getAttribute('href'))!;
        expect(href).toMatch(new RegExp(`^${store.baseUrl}/api/telegram/demo-start\\?start=[A-Za-z0-9_-]{32}$`));

        // The demo's Start button stands in for Telegram's, and comes back to the account.
        await page.goto(href);
        await page.waitForURL('**/account?telegram=linked');
        await card.getByText('Linked', { exact: true }).waitFor();
        expect(await card.getByRole('listitem').allTextContents()).toEqual([LINKED_REPLY]);
        await expectFitsAndAccessible(page);

        await card.getByRole('button', { name: 'Unlink Telegram' }).click();
        await page.getByText('Telegram Unlinked', { exact: true }).waitFor();
        await card.getByRole('button', { name: 'Link Telegram' }).waitFor();
        expect(await card.getByText('Not linked.').count()).toBe(1);
      });
    });
  }
});

describe('the account page of a store without a bot', () => {
  const b = useBrowser({ viewport: { width: 390, height: 900 } });

  it('shows nothing about Telegram', async () => {
    const { page } = b;
    const email = `no-bot-${Date.now()}@example.com`;
    const registered = await page.request.post('/api/register', {
      data: { signupType: 'account', firstName: 'Ada', lastName: 'Lovelace', email, phone: '+1 555 0100', password: 'correct-horse-7', confirmPassword: 'correct-horse-7' },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/account');
    await page.getByTestId('email-preferences').waitFor();
    await page.getByRole('switch', { name: 'Reminder and offer emails' }).waitFor();
    expect(await page.getByTestId('telegram').count()).toBe(0);
    expect(await page.getByText('Telegram').allTextContents()).toEqual([]);
  });
});
