import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';

/**
 * Each device action as a customer and the store's owner take it in a browser, on a phone
 * (390 px) and a laptop (1280 px), against the zero-setup store (the generator keeps the
 * demo panel's state): every page and dialog without serious axe violations or sideways
 * scroll. One buyer per screen size, who bought two devices at checkout, one of them a MAG
 * box: the store's limits on sign-ups and free trials per address are shared by every
 * browser test, so the journeys sign the same buyer in again rather than make new ones.
 */

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const hexPair = () => Math.floor(Math.random() * 256).toString(16).padStart(2, '0').toUpperCase();
/** A MAG box's MAC no other test (nor an earlier run on this store) holds. */
const freshMac = () => `00:1A:79:${hexPair()}:${hexPair()}:${hexPair()}`;
const PASSWORD = 'secret-pass';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scroll at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The value beside a term of a device's definition list. */
/** A term's value: its text, or the link a guide address is. */
const valueOf = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd > :is(span, a)`).first();

async function confirmIn(page: Page, dialogName: string | RegExp, button: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  return dialog;
}

interface Buyer {
  email: string;
  orderId: string;
  /** The box's MAC now (the MAC journey changes it). */
  mac: string;
}

/** Buys 3 Months Premium for two devices, one of them a MAG box, with the demo card, as a new signed-in customer. */
async function buyWithBox(page: Page): Promise<Buyer> {
  const email = uniqueEmail('box-buyer');
  await page.goto('/');
  const registered = await page.request.post('/api/register', {
    data: { signupType: 'account', firstName: 'Grace', lastName: 'Hopper', email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  await page.getByRole('button', { name: 'Choose 3 Months Premium' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL('**/checkout');
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
  await pick(page, 'Number of Devices', '2 devices (+$5.99)');
  const mac = freshMac();
  const boxes = page.getByRole('group', { name: 'Set-top boxes' });
  await boxes.getByRole('button', { name: 'A MAG / Enigma2 box' }).click();
  await boxes.getByLabel('MAC address of box 1').fill('00:1A:79:12');
  await pick(page, 'Gift Card', 'Amazon');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  // The contract's rule, before anything is sent.
  await boxes.getByText('MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56').waitFor();
  await expectFits(page);
  await boxes.getByLabel('MAC address of box 1').fill(mac.toLowerCase());
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByRole('dialog', { name: 'Order Confirmed' }).waitFor();
  const orders = (await (await page.request.get('/api/customer/orders')).json()) as Array<{ id: string }>;
  return { email, orderId: orders[0]!.id, mac };
}

/** The buyer's subscription on /account, once provisioning has made both devices. */
async function accountCard(page: Page): Promise<Locator> {
  await page.goto('/account');
  const card = page.getByTestId('subscription-card');
  await expect.poll(() => card.getByTestId('device-credential').count(), { timeout: 30_000 }).toBe(2);
  return card;
}

for (const viewport of [PHONE, LAPTOP]) {
  describe(`devices at ${viewport.width} px`, () => {
    const b = useBrowser({ viewport });
    let buyer: Buyer | undefined;

    /** This screen size's buyer, signed in in this test's fresh browser context (bought by the first test that asks). */
    async function signedInBuyer(page: Page): Promise<Buyer> {
      if (!buyer) {
        buyer = await buyWithBox(page);
        return buyer;
      }
      await page.goto('/');
      expect((await page.request.post('/api/login', { data: { email: buyer.email, password: PASSWORD } })).status()).toBe(200);
      return buyer;
    }

    /** The buyer's line (the device that is not the box) on /account. */
    async function lineDevice(page: Page): Promise<Locator> {
      const { mac } = await signedInBuyer(page);
      const card = await accountCard(page);
      return card.getByTestId('device-credential').filter({ hasNotText: mac });
    }

    it('bought a MAG / Enigma2 box by MAC at checkout: it shows its portal address, and its MAC changes', async () => {
      const { page } = b;
      const bought = await signedInBuyer(page);
      const card = await accountCard(page);
      const box = card.getByTestId('device-credential').filter({ hasText: bought.mac });
      const login = box.getByRole('group', { name: /MAG \/ Enigma2 box/ });
      expect(await login.locator('dt').allTextContents()).toEqual(['MAC address', 'Portal address']);
      expect(await valueOf(box, 'MAC address').textContent()).toBe(bought.mac);
      expect(await valueOf(box, 'Portal address').textContent()).toMatch(/^https?:\/\/.+\/c\/$/);
      expect(await box.getByText('Username', { exact: true }).count()).toBe(0);
      await box.getByTestId('live-status').waitFor();
      await expectFits(page);

      const next = freshMac();
      await box.getByRole('button', { name: 'Change MAC' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change MAC address' });
      await dialog.getByLabel('MAC address').fill('00:1A:79:12');
      await dialog.getByRole('button', { name: 'Change MAC' }).click();
      await dialog.getByText('MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56').waitFor();
      await expectFits(page);
      await dialog.getByLabel('MAC address').fill(next.toLowerCase().replace(/:/g, '-'));
      await dialog.getByRole('button', { name: 'Change MAC' }).click();
      await toast(page, 'MAC Address Changed').waitFor();
      bought.mac = next;
      await card.getByTestId('device-credential').filter({ hasText: next }).waitFor({ timeout: 10_000 });
    });

    it("shows a line's state, Xtream Codes login, TV guide link and setup guide, then renames it", async () => {
      const { page } = b;
      const device = await lineDevice(page);
      await device.getByTestId('live-status').waitFor();
      expect(await device.getByTestId('live-status').textContent()).toBe('Offline, not seen yet');
      expect(await device.getByTestId('device-enabled').textContent()).toBe('Enabled');
      expect(await device.getByText('Demo panel').count()).toBe(1);
      expect(await device.getByRole('group', { name: 'Xtream Codes login' }).locator('dt').allTextContents()).toEqual(['Username', 'Password', 'Server']);
      const username = await valueOf(device, 'Username').textContent();
      const password = await valueOf(device, 'Password').textContent();
      expect(await valueOf(device, 'XMLTV Guide URL').textContent()).toMatch(new RegExp(`/xmltv\\.php\\?username=${username}&password=${encodeURIComponent(password!)}$`));
      await expectFits(page);
      // The guide address is whole on a phone too: a link that opens in a new tab, wrapped inside the card, with Copy beside it.
      const guide = device.getByRole('link', { name: /\/xmltv\.php\?username=/ });
      expect(await guide.getAttribute('target')).toBe('_blank');
      expect(await guide.getAttribute('href')).toBe(await guide.textContent());
      expect(await guide.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
      const guideBox = (await guide.boundingBox())!;
      expect(guideBox.x + guideBox.width).toBeLessThanOrEqual(viewport.width);
      expect(await device.getByRole('button', { name: 'Copy TV guide URL' }).isVisible()).toBe(true);

      await device.getByRole('button', { name: 'Show TV guide QR code' }).click();
      await page.getByRole('img', { name: /QR code of the TV guide URL/ }).waitFor();
      await expectFits(page);
      await page.keyboard.press('Escape');

      await device.getByRole('button', { name: 'Setup guide' }).click();
      const setup = page.getByRole('dialog', { name: /^Set up / });
      await setup.getByRole('heading', { name: 'TiviMate' }).waitFor();
      for (const app of ['IPTV Smarters', 'VLC', 'Kodi']) {
        await setup.getByRole('button', { name: app }).click();
        await setup.getByRole('heading', { name: app }).waitFor();
        expect(await setup.locator('ol li').count()).toBeGreaterThanOrEqual(4);
      }
      await expectFits(page);
      await page.keyboard.press('Escape');

      await device.getByRole('button', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename device' });
      expect(await rename.getByTestId('field-rule').textContent()).toBe('1-30 characters: letters, digits, spaces, apostrophes, hyphens, dots, commas and quotes; no web address.');
      await rename.getByLabel('Device name').fill('Living room TV');
      await expectFits(page);
      await rename.getByRole('button', { name: 'Save name' }).click();
      await toast(page, 'Device Renamed').waitFor();
      await expect.poll(() => device.getByTestId('device-name').textContent()).toBe('Living room TV');
      await page.reload();
      await expect.poll(() => page.getByTestId('device-name').filter({ hasText: 'Living room TV' }).count(), { timeout: 10_000 }).toBe(1);
    });

    it('changes the password: shown once, and the M3U and XMLTV links change with it', async () => {
      const { page } = b;
      const device = await lineDevice(page);
      const oldPassword = (await valueOf(device, 'Password').textContent())!;
      const oldPlaylist = (await valueOf(device, 'M3U Playlist URL').textContent())!;
      const oldGuide = (await valueOf(device, 'XMLTV Guide URL').textContent())!;

      await device.getByRole('button', { name: 'New password' }).click();
      await expectFits(page);
      await confirmIn(page, 'Change password', 'Change password');
      const shown = page.getByRole('dialog', { name: /^New password for / });
      await shown.waitFor();
      const newPassword = (await valueOf(shown, 'New password').textContent())!;
      expect(newPassword).not.toBe(oldPassword);
      expect(newPassword.length).toBeGreaterThanOrEqual(8);
      await expectFits(page);
      await shown.getByRole('button', { name: 'Done' }).click();

      await expect.poll(() => valueOf(device, 'Password').textContent(), { timeout: 10_000 }).toBe(newPassword);
      const swap = (url: string) => url.replace(`password=${encodeURIComponent(oldPassword)}`, `password=${encodeURIComponent(newPassword)}`);
      expect(await valueOf(device, 'M3U Playlist URL').textContent()).toBe(swap(oldPlaylist));
      expect(await valueOf(device, 'XMLTV Guide URL').textContent()).toBe(swap(oldGuide));
      expect(swap(oldGuide)).not.toBe(oldGuide);
    });

    it('resets the ISP lock, then turns the device off and on again', async () => {
      const { page } = b;
      const device = await lineDevice(page);

      await device.getByRole('button', { name: 'Reset ISP lock' }).click();
      await expectFits(page);
      await confirmIn(page, 'Reset ISP lock', 'Reset ISP lock');
      await toast(page, 'ISP Lock Reset').waitFor();

      await device.getByRole('button', { name: 'Turn off' }).click();
      await expectFits(page);
      const off = await confirmIn(page, /^Turn off .+\?$/, 'Turn off');
      await off.waitFor({ state: 'detached' });
      await toast(page, 'Device Turned Off').waitFor();
      await expect.poll(() => device.getByTestId('device-enabled').textContent()).toBe('Disabled');

      await device.getByRole('button', { name: 'Turn on' }).click();
      await expectFits(page);
      await confirmIn(page, /^Turn on .+\?$/, 'Turn on');
      await toast(page, 'Device Turned On').waitFor();
      await expect.poll(() => device.getByTestId('device-enabled').textContent()).toBe('Enabled');
      await device.getByRole('button', { name: 'Turn off' }).waitFor();
    });

    it("lets the owner see each device's state and disable every device of the subscription from the order view", async () => {
      const { page } = b;
      const { mac, orderId } = await signedInBuyer(page);
      await adminSignIn(page);
      await page.goto(`/admin?tab=orders&q=${encodeURIComponent(orderId)}`);
      await page.getByRole('button', { name: orderId }).first().click();
      const order = page.getByTestId('order-detail');
      const devices = order.getByTestId('order-credential');
      await expect.poll(() => devices.count(), { timeout: 30_000 }).toBe(2);
      await devices.filter({ hasText: mac }).waitFor();
      await devices.first().getByTestId('live-status').waitFor();
      await expectFits(page);

      const line = devices.filter({ hasNotText: mac });
      await line.getByRole('button', { name: 'Turn off' }).click();
      await confirmIn(page, /^Turn off .+\?$/, 'Turn off');
      await toast(page, 'Device Turned Off').waitFor();
      await expect.poll(() => line.getByTestId('device-enabled').textContent()).toBe('Disabled');
      await line.getByRole('button', { name: 'Turn on' }).click();
      await confirmIn(page, /^Turn on .+\?$/, 'Turn on');
      await toast(page, 'Device Turned On').waitFor();

      await order.getByRole('button', { name: 'Disable all devices' }).click();
      await expectFits(page);
      await confirmIn(page, 'Disable all devices of this subscription?', 'Disable all devices');
      await toast(page, 'Devices Disabled').waitFor();
      await expect.poll(() => order.getByTestId('devices-suspended').textContent()).toBe('All devices disabled by the store: the customer cannot turn them on.');
      await expect.poll(() => devices.filter({ hasText: mac }).getByTestId('device-enabled').textContent()).toBe('Disabled');

      await order.getByRole('button', { name: 'Enable all devices' }).click();
      await confirmIn(page, 'Enable all devices of this subscription?', 'Enable all devices');
      await toast(page, 'Devices Enabled').waitFor();
      await expect.poll(() => order.getByTestId('devices-suspended').textContent()).toBe('The customer controls these devices.');
    });

    // Last: the buyer's line becomes a second box, so no line is left for the journeys above.
    it('turns the line into a set-top box by its MAC from the account, the MAC checked under the field', async () => {
      const { page } = b;
      const device = await lineDevice(page);
      await device.getByTestId('live-status').waitFor();
      await device.getByRole('button', { name: 'Use a set-top box instead' }).click();
      const dialog = page.getByRole('dialog', { name: 'Use a set-top box instead' });
      await dialog.getByText(/^Watching on a MAG or Enigma2 box\? Add it by its MAC address \(on the sticker under the box\)\./).waitFor();
      expect(await dialog.getByLabel('MAC address').getAttribute('placeholder')).toBe('00:1A:79:12:34:56');
      await dialog.getByRole('button', { name: 'Use this box' }).click();
      await dialog.getByText('MAC address is required').waitFor();
      await dialog.getByLabel('MAC address').fill('00:1A:79:12');
      await dialog.getByRole('button', { name: 'Use this box' }).click();
      await dialog.getByText('MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56').waitFor();
      await expectFits(page);

      const mac = freshMac();
      await dialog.getByLabel('MAC address').fill(mac.toLowerCase().replace(/:/g, '-'));
      await dialog.getByRole('button', { name: 'Use this box' }).click();
      await toast(page, 'Set-Top Box Added').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const card = page.getByTestId('subscription-card');
      const box = card.getByTestId('device-credential').filter({ hasText: mac });
      await box.waitFor({ timeout: 10_000 });
      expect(await valueOf(box, 'MAC address').textContent()).toBe(mac);
      expect(await valueOf(box, 'Portal address').textContent()).toMatch(/^https?:\/\/.+\/c\/$/);
      expect(await box.getByText('Username', { exact: true }).count()).toBe(0);
      expect(await box.getByRole('button', { name: 'Change MAC' }).count()).toBe(1);
      expect(await card.getByRole('button', { name: 'Use a set-top box instead' }).count()).toBe(0);
      await expectFits(page);
    });
  });
}
