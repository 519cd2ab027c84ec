import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { expectFitsAndAccessible } from '../support/page-at-width';

/**
 * The account area in the page's language (decision 0111), in the built store: a customer
 * with a trial reads the account page and a device's dialog in Brazilian Portuguese and in
 * Arabic (right to left), dates in the language's form, at a phone's and a laptop's width,
 * within the screen and without a serious axe violation.
 */
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const PASSWORD = 'secret-pass';

async function signUpForTrial(page: Page, label: string): Promise<void> {
  await page.goto('/');
  const names = { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(label) };
  const trial = await page.request.post('/api/register-trial', { data: { signupType: 'trial', ...names, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(trial.status()).toBe(201);
}

/** The trial's card on the account page once provisioning has made its device. */
async function subscriptionCard(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  const card = page.getByTestId('subscription-card');
  await expect.poll(() => card.getByTestId('device-credential').count(), { timeout: 30_000 }).toBe(1);
  await card.getByTestId('live-status').waitFor();
  return card;
}

for (const width of [390, 1280]) {
  describe(`the account area in other languages at ${width} px`, () => {
    const b = useBrowser({ viewport: { width, height: 900 } });

    it('reads in Brazilian Portuguese, with its dates, counts and a device dialog', async () => {
      const { page } = b;
      await signUpForTrial(page, `pt-${width}`);
      const card = await subscriptionCard(page, '/pt-BR/account');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['pt-BR', 'ltr']);
      await page.getByRole('heading', { level: 1, name: 'Minha conta' }).waitFor();
      await page.getByText('Bem-vindo de volta, Ada!').waitFor();
      expect(await page.getByRole('heading', { name: 'Assinaturas ativas' }).count()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Informações da conta' }).count()).toBe(1);
      // The trial's hours count: its expiry has the time of day, in Portuguese.
      expect(await card.getByTestId('expiry-date').textContent()).toMatch(/^\d{1,2} de [a-zç]+ de \d{4} às \d{2}:\d{2} \(.+\)$/);
      expect(await card.getByTestId('time-remaining').textContent()).toMatch(/^\d+ horas?$/);
      expect(await card.getByRole('button', { name: 'Renovar' }).count()).toBe(1);
      const device = card.getByTestId('device-credential');
      expect(await device.getByTestId('device-coverage').textContent()).toBe('Ativo');
      expect(await device.getByRole('button', { name: 'Copiar usuário' }).count()).toBe(1);
      await expectFitsAndAccessible(page);

      await device.getByRole('button', { name: 'Desligar', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^Desligar .+\?$/ });
      await dialog.waitFor();
      expect(await dialog.getByText(/Seus outros dispositivos continuam funcionando/).count()).toBe(1);
      expect(await dialog.getByRole('button', { name: 'Cancelar' }).count()).toBe(1);
      await expectFitsAndAccessible(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('reads in Arabic, right to left, with the names kept whole and the setup guide', async () => {
      const { page } = b;
      await signUpForTrial(page, `ar-${width}`);
      const card = await subscriptionCard(page, '/ar/account');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      await page.getByRole('heading', { level: 1, name: 'حسابي' }).waitFor();
      expect(await page.getByRole('heading', { name: 'الاشتراكات النشطة' }).count()).toBe(1);
      // Intl's Arabic date: Arabic month name, the zone named after it.
      const expiry = (await card.getByTestId('expiry-date').textContent()) ?? '';
      expect(expiry).toMatch(/(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر)/);
      expect(expiry).toMatch(/ \(.+\)$/);
      expect(await card.getByText('أكثر من 18,000 قناة').count()).toBe(1);
      // Right to left: the page's heading starts at the right.
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(heading!.x + heading!.width).toBeGreaterThan(width / 2);
      await expectFitsAndAccessible(page);

      const device = card.getByTestId('device-credential');
      await device.getByRole('button', { name: 'إيقاف', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^إيقاف .+؟$/ });
      await dialog.waitFor();
      // The device's name sits in a bdi inside the Arabic title.
      expect(await dialog.locator('h2 bdi').textContent()).toBe(await device.getByTestId('device-name').textContent());
      expect(await dialog.getByRole('button', { name: 'إلغاء' }).count()).toBe(1);
      await expectFitsAndAccessible(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await device.getByRole('button', { name: 'دليل الإعداد' }).click();
      const guide = page.getByRole('dialog', { name: /^إعداد / });
      await guide.waitFor();
      expect(await guide.getByTestId('setup-guide').getByRole('listitem').first().textContent()).toContain('ثبّت TiviMate');
      await expectFitsAndAccessible(page);
    });
  });
}
