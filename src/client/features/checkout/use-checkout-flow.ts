import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutInput, CheckoutRequest, CheckoutResponse, OrderSummary } from '#contract/checkout';
import type { CreateCryptoPaymentRequest, CryptoPayment } from '#contract/crypto';
import type { CurrencyCode } from '#domain/currencies';
import { toast } from '../../components/ui/use-toast';
import { api, ApiError, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { t } from '../../lib/i18n';
import { useErrorToast } from '../../lib/use-error-toast';
import { useCart } from '../../lib/cart-store';
import { checkoutRequest, cryptoPaymentRequest } from './checkout-form';
import { clearCheckoutDraft, clearPlacedOrder, savePlacedOrder } from './checkout-draft';
import { extendedExpiry } from './renewal-view';
import { clearPendingOrder, passwordSetupPath, savePendingOrder, takePendingOrder, type PendingOrder } from './pending-order';
import { checkoutResponseSchema, cryptoPaymentSchema, paymentSuccessResponseSchema, savedCardPaymentSchema, storeConfigSchema, subscriptionListSchema } from './response-schemas';

/** Spec section 9: the pause before leaving the page after a completed order. */
const REDIRECT_DELAY_MS = 2000;
/** How often, and how many times, a paid renewal's page asks whether the subscription was extended (its job runs within seconds). */
const EXTENSION_CHECK_MS = 1000;
const EXTENSION_CHECKS = 20;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type CheckoutStage =
  | { kind: 'details' }
  | { kind: 'card'; order: OrderSummary; clientSecret: string }
  /** `setup` is where a guest sets a password once paid; null for a signed-in customer. */
  | { kind: 'crypto'; payment: CryptoPayment; setup: PendingOrder | null }
  | { kind: 'complete'; title: string; description: string; redirecting: boolean };

export interface OrderExtras {
  couponCode: string | null;
  renewsSubscriptionId?: string | undefined;
  /** The currency the page showed the order in: the server prices it from that currency's list (decision 0104). */
  currency: CurrencyCode;
  /** The renewed subscription's expiry as the page showed it: a paid renewal says the date it moved to. */
  renewalEndsAt?: string | null | undefined;
}

/** A renewal being paid: the expiry it started from, and the new one once the server applied it. */
export interface RenewalProgress {
  subscriptionId: string;
  endedAt: string;
  extendedTo: string | null;
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

/** A refused order: the server's reason when it gave one (a 4xx such as a second free trial, or a package not sold in the currency), else `fallback`. */
function orderFailureMessage(error: unknown, fallback = t('payment.orderFailed')): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? messageOr(error, fallback) : fallback;
}

/**
 * The checkout's steps (spec section 4): place the order, then pay by card or crypto, or
 * finish a free order at once; afterwards clear the cart and send the buyer on. Every
 * paid order ends the same way whatever the method: a buyer without a password goes to
 * password setup after 2 s, any other buyer sees 'Order Confirmed' (decision 0014).
 * Its toasts and steps speak the payment area, which checkout carries in its first paint (decision 0115).
 */
export function useCheckoutFlow() {
  const [stage, setStage] = useState<CheckoutStage>({ kind: 'details' });
  const [finished, setFinished] = useState(false);
  const [confirmed, setConfirmed] = useState<ConfirmedOrder | null>(null);
  const [savedCardPending, setSavedCardPending] = useState(false);
  /** Why the last order could not be placed, shown beside the button that placed it. */
  const [orderFailure, setOrderFailure] = useState<string | null>(null);
  const [renewal, setRenewal] = useState<RenewalProgress | null>(null);
  /** The renewal the order being paid extends, as submitted. */
  const renewing = useRef<RenewalProgress | null>(null);
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
    clearCheckoutDraft();
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
      toast({ title: t('payment.successful.toastTitle'), description: t('payment.setup.toast') });
      setStage({ kind: 'complete', title: paid.title, description: `${paid.text} ${t('payment.setup.next')}`, redirecting: true });
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
      refuseOrder(t('payment.error.title'), orderFailureMessage(error, t('payment.cryptoFailed')));
      return;
    }
    errorToast.clear();
    setStage({ kind: 'crypto', payment, setup: signedIn ? null : { orderId: payment.orderId, email: order.email } });
  }

  function completeFreeOrder(response: CheckoutResponse, email: string, isTrial: boolean): void {
    finish();
    const { needsPasswordSetup } = response;
    const next = needsPasswordSetup ? passwordSetupPath({ email, orderId: response.order.id }) : '/account';
    const description = t(isTrial ? 'payment.free.trial' : 'payment.free.order');
    toast({ title: t('payment.free.title'), description });
    setStage({
      kind: 'complete',
      title: t('payment.free.title'),
      description: `${description} ${t(needsPasswordSetup ? 'payment.setup.next' : 'payment.free.toAccount')}`,
      redirecting: true,
    });
    later(() => navigate(next), REDIRECT_DELAY_MS);
  }

  async function placeCardOrFreeOrder(order: CheckoutInput, extras: OrderExtras, isTrial: boolean): Promise<void> {
    let response: CheckoutResponse;
    const body = checkoutRequest({ ...order, paymentMethod: 'card' }, extras);
    try {
      response = await placeOrder.mutateAsync(body);
    } catch (error) {
      refuseOrder(t('payment.errorTitle'), orderFailureMessage(error));
      return;
    }
    if (response.isFreeOrder) return completeFreeOrder(response, order.email, isTrial);
    if (!response.clientSecret) {
      refuseOrder(t('payment.errorTitle'), t('payment.orderFailed'));
      return;
    }
    errorToast.clear();
    savePlacedOrder(body, extras.renewalEndsAt ?? null);
    if (response.needsPasswordSetup) savePendingOrder({ orderId: response.order.id, email: order.email });
    else clearPendingOrder();
    setStage({ kind: 'card', order: response.order, clientSecret: response.clientSecret });
  }

  function noteRenewal(extras: OrderExtras): void {
    renewing.current = extras.renewsSubscriptionId && extras.renewalEndsAt ? { subscriptionId: extras.renewsSubscriptionId, endedAt: extras.renewalEndsAt, extendedTo: null } : null;
  }

  /** A paid renewal: shown at once, then with its new expiry once the server applied it (given, or asked for a few times). */
  const showRenewalPaid = useCallback(async (extendedTo: string | null) => {
    const paid = renewing.current;
    if (!paid) return;
    setRenewal({ ...paid, extendedTo });
    for (let check = 0; !extendedTo && check < EXTENSION_CHECKS; check++) {
      await pause(EXTENSION_CHECK_MS);
      try {
        const list = await api(`${apiRoutes.subscriptions}?t=${Date.now()}`, { schema: subscriptionListSchema });
        extendedTo = extendedExpiry(list.find((subscription) => subscription.id === paid.subscriptionId), paid.endedAt);
      } catch (error) {
        console.error('Checking the renewed subscription failed', error);
      }
    }
    if (extendedTo) setRenewal({ ...paid, extendedTo });
  }, []);

  /**
   * After a reload: the order placed before it, asked for again with the same request. The
   * server answers the same order while it awaits payment (its replay window), so it is not
   * placed twice; otherwise the form is back, as it was.
   */
  async function resume(body: CheckoutRequest, extras: OrderExtras): Promise<void> {
    noteRenewal(extras);
    try {
      const response = await placeOrder.mutateAsync(body);
      if (response.clientSecret && response.order.paymentStatus === 'pending') {
        setStage({ kind: 'card', order: response.order, clientSecret: response.clientSecret });
        return;
      }
    } catch (error) {
      console.error('The placed order could not be resumed', error);
    }
    clearPlacedOrder();
  }

  /** One tap: the renewal is paid with the subscription's saved card, priced and charged by the server (decision 0076). */
  async function payWithSavedCard(order: CheckoutInput, extras: OrderExtras): Promise<void> {
    setOrderFailure(null);
    noteRenewal(extras);
    setSavedCardPending(true);
    try {
      let answer = await api(apiRoutes.checkoutSavedCard, { method: 'POST', body: checkoutRequest({ ...order, paymentMethod: 'card' }, extras), schema: savedCardPaymentSchema });
      if (answer.outcome === 'requires_action') {
        if (answer.clientSecret) {
          const config = await api(apiRoutes.storeConfig, { schema: storeConfigSchema });
          const { confirmWithStripe } = await import('../../lib/stripe-confirm');
          const refused = config.stripePublishableKey ? await confirmWithStripe(config.stripePublishableKey, answer.clientSecret) : t('payment.cardUnavailable');
          if (refused) {
            refuseOrder(t('payment.failed.title'), refused);
            return;
          }
        }
        answer = await api(apiRoutes.checkoutSavedCardConfirm, { method: 'POST', body: { orderId: answer.orderId }, schema: savedCardPaymentSchema });
      }
      if (answer.outcome !== 'paid') {
        refuseOrder(t('payment.failed.title'), t('payment.bankRefused'));
        return;
      }
      finish();
      setStage({ kind: 'complete', title: t('payment.successful.title'), description: t('payment.successful.text'), redirecting: false });
      setConfirmed({ orderId: answer.orderId, paidBy: 'card' });
      void showRenewalPaid(answer.expirationDate);
    } catch (error) {
      refuseOrder(t('payment.failed.title'), messageOr(error, t('payment.declined')));
    } finally {
      setSavedCardPending(false);
    }
  }

  /** Submits the validated form: crypto creates its payment, anything else goes through /api/checkout. */
  async function submit(order: CheckoutInput, extras: OrderExtras, options: SubmitOptions): Promise<void> {
    setOrderFailure(null);
    noteRenewal(extras);
    if (options.crypto) return payByCrypto(order, extras, options.signedIn);
    return placeCardOrFreeOrder(order, extras, options.isTrial);
  }

  /** After the card provider confirmed the payment (spec section 4). */
  const completeCardPayment = useCallback(
    async (orderId: string, paymentIntentId: string) => {
      finish();
      const paid = { title: t('payment.successful.title'), text: t('payment.successful.text') };
      setStage({ kind: 'complete', title: paid.title, description: paid.text, redirecting: false });
      try {
        await api(apiRoutes.paymentSuccess, { method: 'POST', body: { orderId, paymentIntentId }, schema: paymentSuccessResponseSchema });
      } catch (error) {
        console.error('Payment success notice failed', error);
      }
      const pending = takePendingOrder();
      showNextStep({ orderId, paidBy: 'card' }, pending && pending.orderId === orderId ? pending : null, paid);
      void showRenewalPaid(null);
    },
    [finish, showNextStep, showRenewalPaid],
  );

  /** The crypto payment arrived (spec section 4): the cart is cleared and the buyer moves on after 2 s. */
  const completeCryptoPayment = useCallback(
    (payment: CryptoPayment, setup: PendingOrder | null) => {
      finish();
      const paid = { title: t('payment.cryptoPaid.title'), text: t('payment.cryptoPaid.text') };
      setStage({ kind: 'complete', title: paid.title, description: paid.text, redirecting: false });
      showNextStep({ orderId: payment.orderId, paidBy: 'crypto' }, setup, paid);
      void showRenewalPaid(null);
    },
    [finish, showNextStep, showRenewalPaid],
  );

  return {
    stage,
    finished,
    submit,
    resume,
    payWithSavedCard,
    submitting: placeOrder.isPending || createCrypto.isPending || savedCardPending,
    /** A renewal paid on this page: its success says the date it runs to (decision 0076). */
    renewal,
    orderFailure,
    /** A payment attempt failed: its toast stays until a later attempt succeeds. */
    reportFailure: errorToast.show,
    completeCardPayment,
    completeCryptoPayment,
    /** Back to the form from a placed, unpaid order, to change the details or the payment method. */
    editDetails: () => {
      clearPlacedOrder();
      setStage({ kind: 'details' });
    },
    confirmed,
    closeConfirmation: () => {
      setConfirmed(null);
      navigate('/');
    },
  };
}

export type CheckoutFlow = ReturnType<typeof useCheckoutFlow>;
