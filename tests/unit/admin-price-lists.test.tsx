// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPackage } from '../../src/contract/admin-packages';
import { bodyOf, calls, EMPTY_ADMIN, json, renderAt, serve, toastText, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

/** The admin's price lists and currencies (decision 0104): set, switched and refused in the Packages tab. */

setUpAdminUi();
beforeAll(() => import('../../src/client/features/admin/operations/PackagesTab'));

const ONE_MONTH: AdminPackage = {
  id: 'pkg-1m',
  name: '1 Month Premium',
  duration: '1 Month',
  price: '15.99',
  cashback: '10.00',
  channels: '18,000+',
  quality: '4K',
  devices: 4,
  vod: '100,000+',
  features: ['18,000+ channels'],
  popular: false,
  requiresShipping: false,
  hidden: false,
  prices: { EUR: '14.99', GBP: '12.99', BRL: null },
};
const TRIAL: AdminPackage = { ...ONE_MONTH, id: 'trial', name: 'Free Trial', duration: '36 Hours', price: '0.00', cashback: '0.00', prices: { EUR: null, GBP: null, BRL: null } };
const ALL_ON = [
  { currency: 'USD', enabled: true },
  { currency: 'EUR', enabled: true },
  { currency: 'GBP', enabled: true },
  { currency: 'BRL', enabled: true },
];

const store = (extra: Record<string, Handler>) =>
  serve({ ...EMPTY_ADMIN, 'GET /api/admin/packages': () => json(200, [TRIAL, ONE_MONTH]), 'GET /api/admin/currencies': () => json(200, ALL_ON), ...extra });

describe('the price lists in the Packages tab', () => {
  it("shows each package's other prices on one line, and saves a EUR price changed and a GBP one cleared", async () => {
    store({ 'PATCH /api/admin/packages/pkg-1m': () => json(200, { ...ONE_MONTH, prices: { EUR: '13.99', GBP: null, BRL: null } }) });
    const { user } = renderAt('/admin?tab=packages');
    const rows = await screen.findAllByTestId('admin-package');
    expect(rows[0]!.textContent).toContain('Free in every currency');
    expect(rows[1]!.textContent).toContain('€14.99 · £12.99 · BRL —');

    await user.click(within(rows[1]!).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Package' });
    const eur = within(dialog).getByLabelText<HTMLInputElement>('Price in EUR (optional)');
    expect(eur.value).toBe('14.99');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Price in BRL (optional)').value).toBe('');
    await user.clear(eur);
    await user.type(eur, '13.99');
    await user.clear(within(dialog).getByLabelText('Price in GBP (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Package' }));
    await waitFor(() => expect(toastText()).toBe('Package Saved|1 Month Premium sells at $15.99 (€13.99 · GBP — · BRL —) from the next checkout.|default'));
    expect(bodyOf('PATCH', '/api/admin/packages/pkg-1m')).toMatchObject({ price: '15.99', prices: { EUR: '13.99', GBP: null } });
  });

  it('refuses a price that is not an amount above zero before sending, and shows the server\'s refusal under its field', async () => {
    store({ 'PATCH /api/admin/packages/pkg-1m': () => json(400, { message: 'Price in BRL must be at most 10000.00' }) });
    const { user } = renderAt('/admin?tab=packages');
    const rows = await screen.findAllByTestId('admin-package');
    await user.click(within(rows[1]!).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Package' });
    const eur = within(dialog).getByLabelText('Price in EUR (optional)');
    await user.clear(eur);
    await user.type(eur, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Package' }));
    expect(await within(dialog).findByText('Price in EUR must be more than 0.00, or blank to stop selling the package in EUR')).toBeTruthy();
    expect(eur.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(eur);
    expect(calls('PATCH', '/api/admin/packages/pkg-1m')).toHaveLength(0);

    await user.clear(eur);
    await user.type(eur, '14.99');
    await user.type(within(dialog).getByLabelText('Price in BRL (optional)'), '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Package' }));
    expect(await within(dialog).findByText('Price in BRL must be at most 10000.00')).toBeTruthy();
    expect(within(dialog).getByLabelText('Price in BRL (optional)').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers no other prices for the free trial, which is free in every currency', async () => {
    store({});
    const { user } = renderAt('/admin?tab=packages');
    const rows = await screen.findAllByTestId('admin-package');
    await user.click(within(rows[0]!).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Package' });
    expect(within(dialog).queryByLabelText('Price in EUR (optional)')).toBeNull();
  });
});

describe('the currency switches', () => {
  it('turns GBP off with a toast, keeps USD on as the default, and shows the server\'s refusal', async () => {
    let refuse = false;
    store({
      'PATCH /api/admin/currencies': (init) => {
        if (refuse) return json(400, { message: "USD is the store's default currency and cannot be turned off" });
        const { currency, enabled } = JSON.parse(init!.body as string) as { currency: string; enabled: boolean };
        return json(200, ALL_ON.map((row) => (row.currency === currency ? { currency, enabled } : row)));
      },
    });
    const { user } = renderAt('/admin?tab=packages');
    const section = await screen.findByRole('region', { name: 'Currencies' });
    const usd = await within(section).findByRole('switch', { name: 'USD' });
    expect(usd.getAttribute('aria-checked')).toBe('true');
    expect((usd as HTMLButtonElement).disabled).toBe(true);
    expect(within(section).getByText('The default currency: always on')).toBeTruthy();

    const gbp = within(section).getByRole('switch', { name: 'GBP' });
    await user.click(gbp);
    await waitFor(() => expect(toastText()).toBe('Currency Turned Off|GBP is no longer offered at checkout.|default'));
    expect(bodyOf('PATCH', '/api/admin/currencies')).toEqual({ currency: 'GBP', enabled: false });
    await waitFor(() => expect(within(section).getByRole('switch', { name: 'GBP' }).getAttribute('aria-checked')).toBe('false'));

    refuse = true;
    await user.click(within(section).getByRole('switch', { name: 'EUR' }));
    expect((await within(section).findByRole('alert')).textContent).toBe("USD is the store's default currency and cannot be turned off");
  });
});
