import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function choosePackage(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: `Choose ${name}` }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL('**/checkout');
  await page.getByRole('heading', { name: 'Customer Information' }).waitFor();
}

/** A customer with a password, signed in in this browser through the API. */
async function signUp(page: Page, email: string, firstName: string, lastName: string): Promise<void> {
  await page.goto('/');
  const response = await page.request.post('/api/register', {
    data: { signupType: 'account', firstName, lastName, email, password: 'secret-pass', confirmPassword: 'secret-pass' },
  });
  expect(response.status()).toBe(201);
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillCustomer(page: Page, email: string): Promise<void> {
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
}

async function payWithCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** A toast's title (the live region repeats its text, so the toast itself is asked). */
const toastTitled = (page: Page, title: string) => page.locator('[data-variant]').getByText(title, { exact: true });

const total = (page: Page) => page.getByTestId('summary-total').textContent();

describe('checkout in a browser', () => {
  const b = useBrowser();

  it('sends a visitor with an empty cart back to the store', async () => {
    await b.page.goto('/checkout');
    await b.page.waitForURL((url) => url.pathname === '/');
  });

  it("asks for /api/config at the buyer's first input, not with the page, and shows every section (decision 0095)", async () => {
    const { page } = b;
    const configRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/config') configRequests.push(request.url());
    });
    await choosePackage(page, '1 Month Premium');
    // The second pass: the sections below the buyer's details and the pay button.
    await page.getByRole('heading', { name: 'Gift Card Cashback' }).waitFor();
    await page.getByRole('heading', { name: 'Payment Method' }).waitFor();
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(configRequests).toEqual([]);

    await page.getByLabel('First Name').focus();
    await expect.poll(() => configRequests.length).toBe(1);
  });

  it('buys a paid package with the demo card as a signed-in customer and shows Order Confirmed', async () => {
    const { page } = b;
    const email = uniqueEmail('card-buyer');
    await signUp(page, email, 'Grace', 'Hopper');

    await choosePackage(page, '3 Months Premium');
    // The signed-in customer's details are filled in.
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('First Name').inputValue()).toBe('Grace');
    expect(await total(page)).toBe('$39.99');
    await pick(page, 'Number of Devices', '2 devices (+$5.99)');
    expect(await total(page)).toBe('$45.98');
    await pick(page, 'Gift Card', 'Amazon');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await page.getByText('Demo mode: no real charge').waitFor();
    await payWithCard(page, '4242 4242 4242 4242');
    const confirmed = page.getByRole('dialog', { name: 'Order Confirmed' });
    await confirmed.waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}'));
    expect(stored.state.items).toEqual([]);
    await confirmed.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const orders = await (await page.request.get('/api/customer/orders')).json();
    expect(orders[0]).toMatchObject({ paymentStatus: 'completed', totalAmount: '45.98', deviceCount: 2, selectedGiftCard: 'Amazon' });
  });

  it('applies coupon WELCOME10, shows the discount, and sends a new customer to password setup after paying', async () => {
    const { page } = b;
    const email = uniqueEmail('coupon-buyer');
    await choosePackage(page, '3 Months Premium');
    const apply = page.getByRole('button', { name: 'Apply' });
    expect(await apply.isDisabled()).toBe(true);

    const couponInput = page.getByRole('textbox', { name: 'Coupon code' });
    await couponInput.fill('nope-code');
    expect(await couponInput.inputValue()).toBe('NOPE-CODE');
    await couponInput.press('Enter');
    await toastTitled(page, 'Invalid Coupon').waitFor();

    await couponInput.fill('welcome10');
    await apply.click();
    const applied = page.getByTestId('applied-coupon');
    await applied.waitFor();
    expect(await applied.textContent()).toContain('WELCOME10');
    expect(await applied.textContent()).toContain('10% off your first subscription');
    expect(await page.getByTestId('summary-discount').textContent()).toBe('-$4.00');
    expect(await total(page)).toBe('$35.99');

    await fillCustomer(page, email);
    await pick(page, 'Gift Card', 'Target');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Pay $35.99' }).waitFor();
    await payWithCard(page, '4242424242424242');
    await toastTitled(page, 'Payment Successful!').waitFor();
    await page.waitForURL('**/password-setup?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('orderId')).toMatch(/^SP-\d+-\d+$/);
    expect(await page.getByTestId('setup-email').textContent()).toBe(email);
    expect(await page.evaluate(() => localStorage.getItem('pendingOrder'))).toBeNull();

    // The "send again" form asks only for the email and order id, both filled in, and answers neutrally.
    expect(await page.getByLabel('First Name').count()).toBe(0);
    expect(await page.getByLabel('Order ID').inputValue()).toBe(url.searchParams.get('orderId'));
    await page.getByRole('button', { name: 'Send Setup Link' }).click();
    await page.getByText('If the order matches, we have emailed a new link.').waitFor();
  });

  it('refuses a declined card with Payment Failed, then takes the good card', async () => {
    const { page } = b;
    await choosePackage(page, '1 Month Premium');
    await fillCustomer(page, uniqueEmail('declined'));
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Gift card selection is required').waitFor();
    await pick(page, 'Gift Card', 'Walmart');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await payWithCard(page, '4000 0000 0000 0002');
    await toastTitled(page, 'Payment Failed').waitFor();
    await page.locator('[data-variant]').getByText('Your card was declined.', { exact: true }).waitFor();
    // Beside the card fields too, where the buyer is looking.
    const inline = page.getByRole('form', { name: 'Card details' }).getByRole('alert');
    expect(await inline.textContent()).toBe('Your card was declined.');
    expect(page.url()).toContain('/checkout');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $15.99' }).click();
    await page.waitForURL('**/password-setup?**');
  });

  it('pays with demo crypto as a guest: address and amount shown, the simulated payment leads to password setup', async () => {
    const { page } = b;
    const email = uniqueEmail('crypto');
    await choosePackage(page, '1 Month Premium');
    await fillCustomer(page, email);
    await pick(page, 'Gift Card', 'Uber Eats');
    await page.getByText('Cryptocurrency', { exact: true }).click();
    await page.getByRole('button', { name: 'Pay with USDC' }).click();

    await page.getByText('15.99 USDC').waitFor();
    expect(await page.getByText('Ethereum (ERC-20)', { exact: true }).count()).toBe(1);
    expect(await page.getByText(/^0x[0-9a-f]{40}$/).count()).toBe(1);
    await page.getByRole('img', { name: 'QR code of the payment address' }).waitFor();

    const orderId = (await page.getByText(/^Order SP-/).textContent())!.replace('Order ', '');
    await page.getByRole('button', { name: 'Simulate payment received' }).click();
    await page.getByRole('heading', { name: 'Payment Complete' }).waitFor({ timeout: 5000 });
    await page.waitForURL('**/password-setup?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('orderId')).toBe(orderId);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}'));
    expect(stored.state.items).toEqual([]);
  });

  it('shows a failed crypto payment when the demo payment expires', async () => {
    const { page } = b;
    await choosePackage(page, '1 Month Premium');
    await fillCustomer(page, uniqueEmail('crypto-expired'));
    await pick(page, 'Gift Card', 'Chewy');
    await page.getByText('Cryptocurrency', { exact: true }).click();
    await page.getByRole('button', { name: 'Pay with USDC' }).click();
    await page.getByRole('button', { name: 'Simulate payment expired' }).click();
    await toastTitled(page, 'Payment Failed').waitFor();
    await page.locator('[data-variant]').getByText('Please try again or contact support', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Pay with USDC' }).waitFor();
  });

  it('lets a signed-in customer paying by crypto go back to the card, and confirms the paid order with its number', async () => {
    const { page } = b;
    const email = uniqueEmail('crypto-member');
    await signUp(page, email, 'Dorothy', 'Vaughan');
    await choosePackage(page, '1 Month Premium');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await pick(page, 'Gift Card', 'Lyft');
    await page.getByText('Cryptocurrency', { exact: true }).click();
    await page.getByRole('button', { name: 'Pay with USDC' }).click();
    await page.getByText('15.99 USDC').waitFor();
    // The payment step takes the focus when it appears.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cryptocurrency Payment');

    await page.getByRole('button', { name: 'Change payment method' }).click();
    // The payment methods are one group of radio buttons: the arrow keys move the choice.
    await page.getByRole('radio', { name: /^Cryptocurrency/ }).focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.getByRole('radio', { name: /^Credit or Debit Card/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Demo mode: no real charge').waitFor();
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByText('Cryptocurrency', { exact: true }).click();
    await page.getByRole('button', { name: 'Pay with USDC' }).click();
    const orderId = (await page.getByText(/^Order SP-/).textContent())!.replace('Order ', '');
    await page.getByRole('button', { name: 'Simulate payment received' }).click();
    const confirmed = page.getByRole('dialog', { name: 'Order Confirmed' });
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain(orderId);
    expect(await confirmed.textContent()).toContain('Check your email');
    await confirmed.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('locks the form while the order is created, and clears the declined card toast once the retry succeeds', async () => {
    const { page } = b;
    const email = uniqueEmail('retry-member');
    await signUp(page, email, 'Mary', 'Jackson');
    await choosePackage(page, '1 Month Premium');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await pick(page, 'Gift Card', 'Walmart');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/checkout', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Creating Order...' }).waitFor();
    expect(await page.getByLabel('First Name').isDisabled()).toBe(true);
    expect(await page.getByLabel('Gift Card', { exact: true }).isDisabled()).toBe(true);
    release();
    await page.getByText('Demo mode: no real charge').waitFor();

    await payWithCard(page, '4000 0000 0000 0002');
    await toastTitled(page, 'Payment Failed').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $15.99' }).click();
    await page.getByRole('dialog', { name: 'Order Confirmed' }).waitFor();
    await expect.poll(() => toastTitled(page, 'Payment Failed').count()).toBe(0);
  });

  it("asks whether to start the free trial or check out the cart when 'Start Free Trial' meets a paid package", async () => {
    const { page } = b;
    await choosePackage(page, '1 Month Premium');
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await page.getByRole('heading', { name: 'Free trial or your cart?' }).waitFor();
    await page.getByRole('button', { name: 'Check Out 1 Month Premium' }).click();
    await page.getByRole('heading', { name: 'Customer Information' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await total(page)).toBe('$15.99');

    await page.goto('/checkout?trial=true');
    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    await toastTitled(page, 'Free Trial Added').waitFor();
    await page.getByRole('heading', { name: 'Start Your Free Trial' }).waitFor();
    expect(await total(page)).toBe('$0.00');
  });

  it('takes the free trial from the hero button; a second trial in the same browser is refused', async () => {
    const { page } = b;
    const email = uniqueEmail('trial');
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await page.waitForURL('**/checkout?trial=true');
    await toastTitled(page, 'Free Trial Added').waitFor();
    expect(await total(page)).toBe('$0.00');
    expect(await page.getByRole('heading', { name: 'Payment Method' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Gift Card Cashback' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Coupon Code' }).count()).toBe(0);

    await fillCustomer(page, email);
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await toastTitled(page, 'Order Complete').waitFor();
    await page.getByRole('heading', { name: 'Order Complete' }).waitFor();
    await page.waitForURL('**/password-setup?**');
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);

    await page.goto('/checkout?trial=true');
    await fillCustomer(page, uniqueEmail('trial-again'));
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await toastTitled(page, 'Error').waitFor();
    await page.locator('[data-variant]').getByText('A free trial has already been used on this browser', { exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'A free trial has already been used on this browser' }).count()).toBe(1);
    expect(page.url()).toContain('/checkout');
  });

  it('orders the streaming box with shipping: the section is required, then the order is paid', async () => {
    const { page } = b;
    await choosePackage(page, 'Streaming Box');
    await page.getByRole('heading', { name: 'Shipping Information' }).waitFor();
    expect(await page.getByLabel('Country').textContent()).toContain('United States');
    await fillCustomer(page, uniqueEmail('box'));
    await pick(page, 'Gift Card', 'Home Depot');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Shipping information is required for streaming box orders').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('shippingAddress');

    await page.getByLabel('Street Address').fill('1 Main Street');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('State / Province').fill('ON');
    await page.getByLabel('ZIP / Postal Code').fill('M5V 2T6');
    await pick(page, 'Country', 'Canada');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL('**/password-setup?**');
  });

  it('fits a phone-sized screen without sideways scrolling', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 360, height: 740 });
    await choosePackage(page, 'Streaming Box');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
