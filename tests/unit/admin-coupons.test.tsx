// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '../../src/contract/admin-coupons';
import { ADMIN_SESSION, bodyOf, calls, json, renderAt, serve, toastText, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

// Not a React hook, whatever its name: it registers this file's vitest hooks.
setUpAdminUi();

const DAY = 24 * 3600_000;
const STATS = {
  subscriptions: { count: 0, active: 0, uniqueCustomers: 0, devices: 0 },
  revenue: { total: '0.00', thisMonth: '0.00', paidOrders: 0 },
  notifications: { count: 0, revenue: '0.00', devices: 0, uniqueCustomers: 0 },
  revenueByDay: [],
  waiting: { needsReview: 0, giftCardsOwed: 0, boxesToShip: 0, openTickets: 0 },
};

function coupon(overrides: Partial<AdminCoupon> = {}): AdminCoupon {
  return {
    code: 'SPRING25',
    description: 'Spring sale',
    type: 'percentage',
    value: '25.00',
    minOrderAmount: null,
    maxDiscount: '15.00',
    usageLimit: 10,
    usageCount: 3,
    validFrom: '2026-03-01T00:00:00.000Z',
    validTo: null,
    isActive: true,
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

function store(coupons: AdminCoupon[], extra: Record<string, Handler> = {}) {
  serve({
    'GET /api/admin/auth': () => json(200, ADMIN_SESSION),
    'GET /api/admin/stats': () => json(200, STATS),
    'GET /api/admin/customers': () => json(200, [], { 'x-total-count': '0' }),
    'GET /api/purchase-notifications': () => json(200, [], { 'x-total-count': '0' }),
    'GET /api/admin/gift-cards/pending': () => json(200, [], { 'x-total-count': '0' }),
    'GET /api/admin/coupons': () => json(200, coupons, { 'x-total-count': String(coupons.length) }),
    ...extra,
  });
}

async function openEdit(code: string) {
  const { user } = renderAt('/admin?tab=coupons');
  const item = (await screen.findAllByTestId('admin-coupon')).find((row) => row.textContent?.includes(code))!;
  const edit = within(item).getByRole('button', { name: `Edit coupon ${code}` });
  await user.click(edit);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Coupon' });
  return { user, dialog, edit, item };
}

describe("the Coupons tab's Edit", () => {
  it("opens the coupon's terms filled in, sends only what changed, and shows a refusal in the dialog word for word", async () => {
    const refusal = 'This coupon has 3 uses, orders still awaiting payment included, so its usage limit cannot be less than 3';
    let answers = 0;
    store([coupon()], {
      'PATCH /api/admin/coupons/SPRING25': () => (++answers === 1 ? json(409, { message: refusal }) : json(200, coupon({ usageLimit: 3, value: '30.00' }))),
    });
    const { user, dialog, edit } = await openEdit('SPRING25');
    const field = (label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);
    expect(within(dialog).queryByLabelText('Code')).toBeNull();
    expect(dialog.textContent).toContain('SPRING25, 3 of 10 used.');
    expect(field('Description').value).toBe('Spring sale');
    expect(field('Value (percent or amount)').value).toBe('25.00');
    expect(field('Usage limit (optional)').value).toBe('10');
    expect(field('Minimum order (optional)').value).toBe('');
    expect(field('Maximum discount (optional)').value).toBe('15.00');
    expect(field('Start date (optional)').value).toBe('2026-03-01');
    expect(field('End date (optional)').value).toBe('');

    await user.clear(field('Usage limit (optional)'));
    await user.type(field('Usage limit (optional)'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Coupon' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(toastText()).toBe(`Coupon Not Saved|${refusal}|destructive`);
    expect(bodyOf('PATCH', '/api/admin/coupons/SPRING25')).toEqual({ usageLimit: 2 });
    // What was typed stays for correcting.
    expect(field('Usage limit (optional)').value).toBe('2');

    await user.clear(field('Usage limit (optional)'));
    await user.type(field('Usage limit (optional)'), '3');
    await user.clear(field('Value (percent or amount)'));
    await user.type(field('Value (percent or amount)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save Coupon' }));
    await waitFor(() => expect(toastText()).toBe('Coupon Saved|SPRING25: 30% off, up to $15.00, from the next checkout.|default'));
    expect(bodyOf('PATCH', '/api/admin/coupons/SPRING25', 1)).toEqual({ usageLimit: 3, value: '30' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('GET', '/api/admin/coupons').length).toBeGreaterThan(1);
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });

  it("ends a coupon with an end date in the past, sent as the last moment of that day of the store's (UTC here)", async () => {
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    store([coupon()], { 'PATCH /api/admin/coupons/SPRING25': () => json(200, coupon({ validTo: `${yesterday}T23:59:59.999Z` })) });
    const { user, dialog } = await openEdit('SPRING25');
    fireEvent.change(within(dialog).getByLabelText('End date (optional)'), { target: { value: yesterday } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Coupon' }));
    await waitFor(() => expect(calls('PATCH', '/api/admin/coupons/SPRING25')).toHaveLength(1));
    expect(bodyOf('PATCH', '/api/admin/coupons/SPRING25')).toEqual({ validTo: `${yesterday}T23:59:59.999Z` });
  });

  it("means the store's days in a store on New York time: the list, the form and the instants sent", async () => {
    const newYork = { 'GET /api/admin/auth': () => json(200, { ...ADMIN_SESSION, store: { timeZone: 'America/New_York' } }) };
    const written = coupon({ validFrom: '2026-12-01T05:00:00.000Z', validTo: '2027-01-01T04:59:59.999Z' });
    store([written], { ...newYork, 'PATCH /api/admin/coupons/SPRING25': () => json(200, written) });
    const { dialog, item } = await openEdit('SPRING25');
    expect(item.textContent).toContain('FromDec 1, 2026');
    expect(item.textContent).toContain('UntilDec 31, 2026');
    expect(within(dialog).getByRole('group', { name: 'Dates in America/New_York' })).toBeTruthy();
    expect(dialog.textContent).not.toContain('UTC');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Start date (optional)').value).toBe('2026-12-01');
    expect(within(dialog).getByLabelText<HTMLInputElement>('End date (optional)').value).toBe('2026-12-31');
    fireEvent.change(within(dialog).getByLabelText('End date (optional)'), { target: { value: '2027-01-15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Coupon' }));
    await waitFor(() => expect(calls('PATCH', '/api/admin/coupons/SPRING25')).toHaveLength(1));
    expect(bodyOf('PATCH', '/api/admin/coupons/SPRING25')).toEqual({ validTo: '2027-01-16T04:59:59.999Z' });
  });

  it('checks the dates before calling the server, and sends nothing when nothing changed', async () => {
    store([coupon()]);
    const { user, dialog } = await openEdit('SPRING25');
    const end = within(dialog).getByLabelText('End date (optional)');
    fireEvent.change(end, { target: { value: '2026-02-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Coupon' }));
    expect(await within(dialog).findByText('The end date must be on or after the start date')).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(end, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Coupon' }));
    await waitFor(() => expect(toastText()).toBe('No Changes|SPRING25 is as it was.|default'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('PATCH', '/api/admin/coupons/SPRING25')).toHaveLength(0);
  });

  it("marks a coupon past its end date 'Ended' and one not yet started 'Scheduled'", async () => {
    store([
      coupon({ code: 'OLD10', validFrom: null, validTo: new Date(Date.now() - DAY).toISOString() }),
      coupon({ code: 'SOON5', validFrom: new Date(Date.now() + DAY).toISOString() }),
      coupon({ code: 'NOW20', validFrom: null }),
    ]);
    renderAt('/admin?tab=coupons');
    const items = await screen.findAllByTestId('admin-coupon');
    const badgeOf = (code: string) => items.find((item) => item.textContent?.includes(code))!.textContent;
    expect(badgeOf('OLD10')).toContain('Ended');
    expect(badgeOf('SOON5')).toContain('Scheduled');
    expect(badgeOf('NOW20')).toContain('Active');
  });
});
