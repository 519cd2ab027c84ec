import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { checkoutRequestSchema, GIFT_CARD_REQUIRED_MESSAGE, type CheckoutInput } from '#contract/checkout';
import type { CheckoutFormValues } from './checkout-form';

/**
 * The server's checkout schema (so its messages are the spec's), plus the gift card the
 * server requires of every paid package.
 */
export function checkoutFormSchema(needsGiftCard: boolean) {
  return checkoutRequestSchema.superRefine((order, ctx) => {
    if (needsGiftCard && !order.selectedGiftCard) {
      ctx.addIssue({ code: 'custom', path: ['selectedGiftCard'], message: GIFT_CARD_REQUIRED_MESSAGE });
    }
  }) as unknown as z.ZodType<CheckoutInput, CheckoutFormValues>;
}

export function checkoutResolver(needsGiftCard: boolean): Resolver<CheckoutFormValues, unknown, CheckoutInput> {
  return zodResolver(checkoutFormSchema(needsGiftCard));
}
