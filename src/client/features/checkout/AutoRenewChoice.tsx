import type { Money } from '#domain/currencies';
import type { CheckoutForm } from './checkout-form';
import { autoRenewText } from './auto-renew-text';

/**
 * "Renew automatically", unticked by default (decision 0044): the card that pays is kept, and
 * charged at today's price before each expiry. Card orders only.
 */
export function AutoRenewChoice({ form, amount, duration, withoutBox }: { form: CheckoutForm; amount: Money; duration: string; withoutBox: boolean }) {
  return (
    <label htmlFor="auto-renew" className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-background/40 p-4 text-sm">
      <input id="auto-renew" type="checkbox" className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]" {...form.register('autoRenew')} />
      <span>{autoRenewText(amount, duration, withoutBox)}</span>
    </label>
  );
}
