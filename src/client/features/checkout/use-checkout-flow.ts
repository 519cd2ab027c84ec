import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutInput, CheckoutRequest, CheckoutResponse, OrderSummary } from '#contract/checkout';
import type { CreateCryptoPaymentRequest, CryptoPayment } from '#contract/crypto';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorStatus, serverMessage } from '../../lib/api';
import { useCart } from '../cart/cart-store';
import { checkoutRequest, cryptoPaymentRequest } from './checkout-form';
import { clearPendingOrder, passwordSetupPath, savePendingOrder, takePendingOrder } from './pending-order';

/** Spec section 9: the pause before leaving the page after a completed order. */
export const REDIRECT_DELAY_MS = 2000;

export type CheckoutStage =
  | { kind: 'details' }
  | { kind: 'card'; order: OrderSummary; clientSecret: string }
  | { kind: 'crypto'; payment: CryptoPayment }
  | { kind: 'complete'; title: string; description: string; redirecting: boolean };

export interface OrderExtras {
  couponCode: string | null;
  renewsSubscriptionId?: string | undefined;
}

/** Timers that die with the page, so a buyer who leaves early is not sent anywhere. */
function useLater() {
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return useCallback((run: () => void, ms: number) => {
    timers.current.push(setTimeout(run, ms));
  }, []);
}

/** A refused order: the server's reason when it gave one (a 4xx such as a second free trial). */
function orderFailureMessage(error: unknown): string {
  const status = errorStatus(error);
  return status !== null && status >= 400 && status < 500 ? serverMessage(error, 'Failed to create order') : 'Failed to create order';
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  return (await (await apiRequest('POST', url, body)).json()) as T;
}

/**
 * The checkout's steps (spec section 4): place the order, then pay by card or crypto, or
 * finish a free order at once; afterwards clear the cart and send the buyer on.
 */
export function useCheckoutFlow() {
  const [stage, setStage] = useState<CheckoutStage>({ kind: 'details' });
  const [finished, setFinished] = useState(false);
  const [confirmedOrderId, setConfirmedOrderId] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const later = useLater();

  const placeOrder = useMutation({ mutationFn: (body: CheckoutRequest) => postJson<CheckoutResponse>('/api/checkout', body) });
  const createCrypto = useMutation({ mutationFn: (body: CreateCryptoPaymentRequest) => postJson<CryptoPayment>('/api/create-crypto-payment', body) });

  /** The order is done: the page keeps showing it while the cart empties. */
  const finish = useCallback(() => {
    setFinished(true);
    useCart.getState().clearCart();
  }, []);

  async function payByCrypto(order: CheckoutInput, extras: OrderExtras): Promise<void> {
    try {
      const payment = await createCrypto.mutateAsync(cryptoPaymentRequest(order, extras));
      setStage({ kind: 'crypto', payment });
    } catch (error) {
      console.error('Crypto payment creation failed', error);
      toast({ title: 'Payment Error', description: 'Failed to create crypto payment', variant: 'destructive' });
    }
  }

  function completeFreeOrder(response: CheckoutResponse, email: string, isTrial: boolean): void {
    finish();
    const { needsPasswordSetup } = response;
    const next = needsPasswordSetup ? passwordSetupPath({ email, orderId: response.order.id }) : '/account';
    const description = isTrial ? 'Your free trial is being activated.' : 'Your order is complete.';
    toast({ title: 'Order Complete', description });
    setStage({
      kind: 'complete',
      title: 'Order Complete',
      description: needsPasswordSetup ? `${description} Next, set up the password of your account.` : `${description} Taking you to your account.`,
      redirecting: true,
    });
    later(() => navigate(next), REDIRECT_DELAY_MS);
  }

  async function placeCardOrFreeOrder(order: CheckoutInput, extras: OrderExtras, isTrial: boolean): Promise<void> {
    let response: CheckoutResponse;
    try {
      response = await placeOrder.mutateAsync(checkoutRequest({ ...order, paymentMethod: 'card' }, extras));
    } catch (error) {
      toast({ title: 'Error', description: orderFailureMessage(error), variant: 'destructive' });
      return;
    }
    if (response.isFreeOrder) return completeFreeOrder(response, order.email, isTrial);
    if (!response.clientSecret) {
      toast({ title: 'Error', description: 'Failed to create order', variant: 'destructive' });
      return;
    }
    if (response.needsPasswordSetup) savePendingOrder({ orderId: response.order.id, email: order.email });
    else clearPendingOrder();
    setStage({ kind: 'card', order: response.order, clientSecret: response.clientSecret });
  }

  /** Submits the validated form: crypto creates its payment, anything else goes through /api/checkout. */
  async function submit(order: CheckoutInput, extras: OrderExtras, options: { crypto: boolean; isTrial: boolean }): Promise<void> {
    if (options.crypto) return payByCrypto(order, extras);
    return placeCardOrFreeOrder(order, extras, options.isTrial);
  }

  /** After the card provider confirmed the payment (spec section 4). */
  const completeCardPayment = useCallback(
    async (orderId: string, paymentIntentId: string) => {
      finish();
      setStage({ kind: 'complete', title: 'Payment Successful', description: 'Thank you! Your payment was received.', redirecting: false });
      try {
        await apiRequest('POST', '/api/webhook/payment-success', { orderId, paymentIntentId });
      } catch (error) {
        console.error('Payment success notice failed', error);
      }
      const pending = takePendingOrder();
      if (pending && pending.orderId === orderId) {
        toast({ title: 'Payment Successful!', description: 'Please set up your password to access your account. We have emailed you a link.' });
        setStage({ kind: 'complete', title: 'Payment Successful', description: 'Next, set up the password of your account.', redirecting: true });
        later(() => navigate(passwordSetupPath(pending)), REDIRECT_DELAY_MS);
      } else {
        setConfirmedOrderId(orderId);
      }
    },
    [finish, later, navigate],
  );

  /** The crypto payment arrived: cart cleared, home after 2 s (spec section 4). */
  const completeCryptoPayment = useCallback(() => {
    finish();
    later(() => navigate('/'), REDIRECT_DELAY_MS);
  }, [finish, later, navigate]);

  return {
    stage,
    finished,
    submit,
    submitting: placeOrder.isPending || createCrypto.isPending,
    completeCardPayment,
    completeCryptoPayment,
    /** Back to the form from a placed, unpaid order. */
    editDetails: () => setStage({ kind: 'details' }),
    confirmedOrderId,
    closeConfirmation: () => {
      setConfirmedOrderId(null);
      navigate('/');
    },
  };
}

export type CheckoutFlow = ReturnType<typeof useCheckoutFlow>;
