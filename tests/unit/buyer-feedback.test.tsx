// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../src/client/components/ui/use-toast';
import { cartButtonLabel } from '../../src/client/features/cart/CartButton';
import { demoConfirmFailure, paymentError } from '../../src/client/features/checkout/payment-errors';
import { PaymentFailureNote } from '../../src/client/features/checkout/PaymentFailureNote';
import { TrialOrCartChoice } from '../../src/client/features/checkout/TrialOrCartChoice';
import { ApiError } from '../../src/client/lib/api';
import { useErrorToast } from '../../src/client/lib/use-error-toast';

describe('what the buyer is told', () => {
  afterEach(cleanup);

  it('names the cart button with its item count', () => {
    expect(cartButtonLabel(0)).toBe('Cart');
    expect(cartButtonLabel(1)).toBe('Cart, 1 item');
    expect(cartButtonLabel(2)).toBe('Cart, 2 items');
  });

  it("tells a declined demo card by the provider's words and anything else as a payment error", () => {
    expect(demoConfirmFailure(new ApiError(402, 'Your card was declined.'))).toEqual({ title: 'Payment Failed', description: 'Your card was declined.' });
    expect(demoConfirmFailure(new ApiError(500, 'boom'))).toEqual({ title: 'Payment Error', description: 'boom' });
    expect(demoConfirmFailure(new TypeError('Failed to fetch'))).toEqual(paymentError(null));
    expect(paymentError(null).description).toBe('An unexpected error occurred');
  });

  it('shows a failure beside the button as an alert, and nothing without one', () => {
    const { rerender } = render(<PaymentFailureNote message="Your card was declined." />);
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined.');
    rerender(<PaymentFailureNote message={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes the last error toast away once a later attempt succeeds', () => {
    const toasts = renderHook(() => useToasts());
    const errors = renderHook(() => useErrorToast());
    act(() => errors.result.current.show({ title: 'Payment Failed', description: 'Your card was declined.' }));
    expect(toasts.result.current[0]).toMatchObject({ title: 'Payment Failed', variant: 'destructive', open: true });
    act(() => errors.result.current.clear());
    expect(toasts.result.current[0]?.open).toBe(false);
  });

  it('offers the free trial or the paid package in the cart, and focuses the question', () => {
    const onTrial = vi.fn();
    const onCart = vi.fn();
    const cartItem = { id: 'p1', name: '1 Month Premium', duration: '1 Month', price: '15.99', cashback: '10.00', popular: false, features: [], quantity: 1 as const };
    render(<TrialOrCartChoice cartItem={cartItem} onTrial={onTrial} onCart={onCart} />);
    expect(document.activeElement?.textContent).toBe('Free trial or your cart?');
    screen.getByRole('button', { name: 'Start Free Trial' }).click();
    screen.getByRole('button', { name: 'Check Out 1 Month Premium' }).click();
    expect(onTrial).toHaveBeenCalledOnce();
    expect(onCart).toHaveBeenCalledOnce();
  });
});
