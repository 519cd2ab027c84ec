import type { CheckoutInput } from '#contract/checkout';
import type { CheckoutContext } from '#server/features/checkout/index';
import type { Checkout } from './place-order';
import type { PaidOrderWorkflow } from './paid-order';

/**
 * POST /api/checkout: the checkout's order, and for a free order (the trial, a coupon that
 * takes the whole price) completed by this call, what follows a payment.
 */
export function createPlaceOrderWorkflow({ checkout, paidOrder }: { checkout: Pick<Checkout, 'placeOrder'>; paidOrder: Pick<PaidOrderWorkflow, 'start'> }) {
  return {
    async placeOrder(input: CheckoutInput, context: CheckoutContext) {
      const placed = await checkout.placeOrder(input, context);
      if (placed.paidNow) await paidOrder.start(placed.order.id, context.log);
      return placed;
    },
  };
}

export type PlaceOrderWorkflow = ReturnType<typeof createPlaceOrderWorkflow>;
