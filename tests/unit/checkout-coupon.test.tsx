// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../src/client/components/ui/use-toast';
import { CouponBox } from '../../src/client/features/checkout/CouponBox';
import { useCoupon } from '../../src/client/features/checkout/use-coupon';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A toast's title or text, which these tests only ever give as a string. */
const text = (node: ReactNode) => (typeof node === 'string' ? node : '');

function Harness() {
  const [devices, setDevices] = useState(1);
  const coupon = useCoupon({ packageId: 'pkg-3m', subtotal: 3999 + (devices - 1) * 599, deviceCount: devices, currency: 'USD' });
  const toasts = useToasts();
  return (
    <>
      <CouponBox applied={coupon.applied} currency="USD" onApply={coupon.apply} onRemove={coupon.remove} checking={coupon.isChecking} />
      <button onClick={() => setDevices(2)}>two devices</button>
      <output data-testid="toast">{toasts.filter((t) => t.open).map((t) => `${text(t.title)}|${text(t.description)}`).join()}</output>
    </>
  );
}

function renderBox() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return { input: screen.getByRole<HTMLInputElement>('textbox', { name: 'Coupon code' }), apply: () => screen.getByRole('button', { name: 'Apply' }) };
}

const lastBody = (): unknown => {
  const body = fetchMock.mock.calls.at(-1)![1]!.body;
  return typeof body === 'string' ? JSON.parse(body) : undefined;
};
const toastText = () => screen.getByTestId('toast').textContent;

describe('the coupon box (spec sections 2, 4 and 8)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('forces the code to upper case and disables Apply while it is empty', () => {
    const { input, apply } = renderBox();
    expect(apply()).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: 'welcome10' } });
    expect(input.value).toBe('WELCOME10');
    expect(apply()).toHaveProperty('disabled', false);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(apply()).toHaveProperty('disabled', true);
  });

  it('asks for a code when Enter is pressed on an empty box, without calling the server', () => {
    const { input } = renderBox();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(toastText()).toBe('Error|Please enter a coupon code');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies on Enter and shows code, description, discount and Remove', async () => {
    fetchMock.mockResolvedValue(json(200, { valid: true, coupon: { code: 'WELCOME10', description: '10% off your first subscription', discountAmount: '4.00' } }));
    const { input } = renderBox();
    fireEvent.change(input, { target: { value: 'welcome10' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const applied = await screen.findByTestId('applied-coupon');
    expect(applied.textContent).toContain('WELCOME10');
    expect(applied.textContent).toContain('10% off your first subscription');
    expect(applied.textContent).toContain('-$4.00');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/validate-coupon');
    expect(lastBody()).toEqual({ code: 'WELCOME10', packageId: 'pkg-3m', subtotalAmount: '39.99', deviceCount: 1, currency: 'USD' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon WELCOME10' }));
    expect(screen.queryByTestId('applied-coupon')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toBeTruthy();
  });

  it("shows the server's reason, or the spec's text, for a refused coupon", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { valid: false, error: 'This coupon has expired' })).mockResolvedValueOnce(json(200, { valid: false }));
    const { input, apply } = renderBox();
    fireEvent.change(input, { target: { value: 'OLD' } });
    fireEvent.click(apply());
    await waitFor(() => expect(toastText()).toBe('Invalid Coupon|This coupon has expired'));
    fireEvent.click(apply());
    await waitFor(() => expect(toastText()).toBe('Invalid Coupon|This coupon code is not valid'));
    expect(screen.queryByTestId('applied-coupon')).toBeNull();
  });

  it('says the check failed when the server cannot answer', async () => {
    fetchMock.mockResolvedValue(new Response('boom', { status: 500 }));
    const { input, apply } = renderBox();
    fireEvent.change(input, { target: { value: 'SAVE5' } });
    fireEvent.click(apply());
    await waitFor(() => expect(toastText()).toBe('Error|Failed to validate coupon code'));
  });

  it('asks the server again for a new device count and shows its new discount', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { valid: true, coupon: { code: 'WELCOME10', description: '10% off', discountAmount: '4.00' } }))
      .mockResolvedValueOnce(json(200, { valid: true, coupon: { code: 'WELCOME10', description: '10% off', discountAmount: '4.60' } }));
    const { input } = renderBox();
    fireEvent.change(input, { target: { value: 'WELCOME10' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByTestId('applied-coupon');
    fireEvent.click(screen.getByRole('button', { name: 'two devices' }));
    await waitFor(() => expect(screen.getByTestId('applied-coupon').textContent).toContain('-$4.60'));
    expect(lastBody()).toEqual({ code: 'WELCOME10', packageId: 'pkg-3m', subtotalAmount: '45.98', deviceCount: 2, currency: 'USD' });
  });
});
