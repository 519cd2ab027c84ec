import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutInput, CheckoutRequest, CheckoutResponse, OrderSummary } from '#contract/checkout';
import type { CreateCryptoPaymentRequest, CryptoPayment } from '#contract/crypto';
import { toast } from '../../components/ui/use-toast';
import { api, ApiError, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { useErrorToast } from '../../lib/use-error-toast';
import { useCart } from '../../lib/cart-store';
import { checkoutRequest, cryptoPaymentRequest } from './checkout-form';
import { clearPendingOrder, passwordSetupPath, savePendingOrder, takePendingOrder, type PendingOrder } from './pending-order';
import { checkoutResponseSchema, cryptoPaymentSchema, paymentSuccessResponseSchema } from './response-schemas';

/** Spec section 9: the pause before leaving the page after a completed order. */
const REDIRECT_DELAY_MS = 2000;

export type CheckoutStage =
  | { kind: 'details' }
  | { kind: 'card'; order: OrderSummary; clientSecret: string }
  /** `setup` is where a guest sets a password once paid; null for a signed-in customer. */
  | { kind: 'crypto'; payment: CryptoPayment; setup: PendingOrder | null }
  | { kind: 'complete'; title: string; description: string; redirecting: boolean };

export interface OrderExtras {
  couponCode: string | null;
  renewsSubscriptionId?: string | undefined;
}

/** A paid order whose buyer has a password: the 'Order Confirmed' dialog shows it. */
export interface ConfirmedOrder {
  orderId: string;
  paidBy: 'card' | 'crypto';
}

export interface SubmitOptions {
  crypto: boolean;
  isTrial: boolean;
  signedIn: boolean;
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
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? messageOr(error, 'Failed to create order') : 'Failed to create order';
}

/**
 * The checkout's steps (spec section 4): place the order, then pay by card or crypto, or
 * finish a free order at once; afterwards clear the cart and send the buyer on. Every
 * paid order ends the same way whatever the method: a buyer without a password goes to
 * password setup after 2 s, any other buyer sees 'Order Confirmed' (decision 0014).
 */
export function useCheckoutFlow() {
  const [stage, setStage] = useState<CheckoutStage>({ kind: 'details' });
  const [finished, setFinished] = useState(false);
  const [confirmed, setConfirmed] = useState<ConfirmedOrder | null>(null);
  /** Why the last order could not be placed, shown beside the button that placed it. */
  const [orderFailure, setOrderFailure] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const later = useLater();
  const errorToast = useErrorToast();

  const placeOrder = useMutation({ mutationFn: (body: CheckoutRequest) => api(apiRoutes.checkout, { method: 'POST', body, schema: checkoutResponseSchema }) });
  const createCrypto = useMutation({
    mutationFn: (body: CreateCryptoPaymentRequest) => api(apiRoutes.createCryptoPayment, { method: 'POST', body, schema: cryptoPaymentSchema }),
  });

  /** The order is done: the page keeps showing it while the cart empties and old failures go. */
  const finish = useCallback(() => {
    setFinished(true);
    errorToast.clear();
    useCart.getState().clearCart();
  }, [errorToast]);

  const refuseOrder = (title: string, description: string) => {
    setOrderFailure(description);
    errorToast.show({ title, description });
  };

  /** Where a paid order leads: password setup for a buyer without one, else 'Order Confirmed'. */
  const showNextStep = useCallback(
    (order: ConfirmedOrder, setup: PendingOrder | null, paid: { title: string; text: string }) => {
      if (!setup) {
        setConfirmed(order);
        return;
      }
      toast({ title: 'Payment Successful!', description: 'Please set up your password to access your account. We have emailed you a link.' });
      setStage({ kind: 'complete', title: paid.title, description: `${paid.text} Next, set up the password of your account.`, redirecting: true });
      later(() => navigate(passwordSetupPath(setup)), REDIRECT_DELAY_MS);
    },
    [later, navigate],
  );

  async function payByCrypto(order: CheckoutInput, extras: OrderExtras, signedIn: boolean): Promise<void> {
    let payment: CryptoPayment;
    try {
      payment = await createCrypto.mutateAsync(cryptoPaymentRequest(order, extras));
    } catch (error) {
      console.error('Crypto payment creation failed', error);
      refuseOrder('Payment Error', 'Failed to create crypto payment');
      return;
    }
    errorToast.clear();
    setStage({ kind: 'crypto', payment, setup: signedIn ? null : { orderId: payment.orderId, email: order.email } });
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
      refuseOrder('Error', orderFailureMessage(error));
      return;
    }
    if (response.isFreeOrder) return completeFreeOrder(response, order.email, isTrial);
    if (!response.clientSecret) {
      refuseOrder('Error', 'Failed to create order');
      return;
    }
    errorToast.clear();
    if (response.needsPasswordSetup) savePendingOrder({ orderId: response.order.id, email: order.email });
    else clearPendingOrder();
    setStage({ kind: 'card', order: response.order, clientSecret: response.clientSecret });
  }

  /** Submits the validated form: crypto creates its payment, anything else goes through /api/checkout. */
  async function submit(order: CheckoutInput, extras: OrderExtras, options: SubmitOptions): Promise<void> {
    setOrderFailure(null);
    if (options.crypto) return payByCrypto(order, extras, options.signedIn);
    return placeCardOrFreeOrder(order, extras, options.isTrial);
  }

  /** After the card provider confirmed the payment (spec section 4). */
  const completeCardPayment = useCallback(
    async (orderId: string, paymentIntentId: string) => {
      finish();
      const paid = { title: 'Payment Successful', text: 'Thank you! Your payment was received.' };
      setStage({ kind: 'complete', title: paid.title, description: paid.text, redirecting: false });
      try {
        await api(apiRoutes.paymentSuccess, { method: 'POST', body: { orderId, paymentIntentId }, schema: paymentSuccessResponseSchema });
      } catch (error) {
        console.error('Payment success notice failed', error);
      }
      const pending = takePendingOrder();
      showNextStep({ orderId, paidBy: 'card' }, pending && pending.orderId === orderId ? pending : null, paid);
    },
    [finish, showNextStep],
  );

  /** The crypto payment arrived (spec section 4): the cart is cleared and the buyer moves on after 2 s. */
  const completeCryptoPayment = useCallback(
    (payment: CryptoPayment, setup: PendingOrder | null) => {
      finish();
      const paid = { title: 'Payment Complete', text: 'Your crypto payment was received and your service activates within 1 hour.' };
      setStage({ kind: 'complete', title: paid.title, description: paid.text, redirecting: false });
      showNextStep({ orderId: payment.orderId, paidBy: 'crypto' }, setup, paid);
    },
    [finish, showNextStep],
  );

  return {
    stage,
    finished,
    submit,
    submitting: placeOrder.isPending || createCrypto.isPending,
    orderFailure,
    /** A payment attempt failed: its toast stays until a later attempt succeeds. */
    reportFailure: errorToast.show,
    completeCardPayment,
    completeCryptoPayment,
    /** Back to the form from a placed, unpaid order, to change the details or the payment method. */
    editDetails: () => setStage({ kind: 'details' }),
    confirmed,
    closeConfirmation: () => {
      setConfirmed(null);
      navigate('/');
    },
  };
}

export type CheckoutFlow = ReturnType<typeof useCheckoutFlow>;
