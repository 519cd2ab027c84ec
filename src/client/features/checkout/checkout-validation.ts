import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { checkoutRequestSchema, type CheckoutInput } from '#contract/checkout';
import { t } from '../../lib/i18n';
import { inPageLanguage } from '../../lib/page-resolver';
import type { CheckoutFormValues } from './checkout-form';

/**
 * The server's checkout schema (so its messages are the spec's), plus the gift card the
 * server requires of every paid package, asked for in the page's language (decision 0106).
 */
export function checkoutFormSchema(needsGiftCard: boolean) {
  return checkoutRequestSchema.superRefine((order, ctx) => {
    if (needsGiftCard && !order.selectedGiftCard) {
      ctx.addIssue({ code: 'custom', path: ['selectedGiftCard'], message: t('payment.giftCardRequired') });
    }
  }) as unknown as z.ZodType<CheckoutInput, CheckoutFormValues>;
}

/**
 * "Renew automatically" left ticked before the buyer chose crypto is not theirs to fix: the box is
 * gone, so is its choice. The contract's messages read in the page's language (decision 0115).
 */
export function checkoutResolver(needsGiftCard: boolean): Resolver<CheckoutFormValues, unknown, CheckoutInput> {
  const resolve = inPageLanguage(zodResolver(checkoutFormSchema(needsGiftCard)));
  return (values, context, options) => resolve({ ...values, autoRenew: values.paymentMethod === 'card' && values.autoRenew }, context, options);
}
