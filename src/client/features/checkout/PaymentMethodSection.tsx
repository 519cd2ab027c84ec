import { Bitcoin, CreditCard, Wallet } from 'lucide-react';
import { memo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { Money } from '#domain/currencies';
import { AutoRenewChoice } from './AutoRenewChoice';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { cn } from '../../lib/utils';
import type { CheckoutForm } from './checkout-form';
import { CheckoutSection } from './CheckoutSection';
import { t } from '../../lib/i18n';

/** Each method's words are keys of the checkout area, read at render in the page's language (decision 0112). */
const METHODS = [
  { value: 'card', label: 'checkout.method.card', detail: 'checkout.method.cardDetail', icon: CreditCard },
  { value: 'crypto', label: 'checkout.method.crypto', detail: 'checkout.method.cryptoDetail', icon: Bitcoin },
] as const;

/**
 * Card or cryptocurrency; the page shows this only when there is something to pay (spec
 * section 2). With a card, a package that renews offers "Renew automatically" (decision 0044).
 * Memoized: its radio group skips the checkout form's renders that do not concern it (decision 0054).
 */
export const PaymentMethodSection = memo(function PaymentMethodSection({
  form,
  disabled,
  renewal,
}: {
  form: CheckoutForm;
  disabled: boolean;
  /** What a renewal would charge and for how long; null when the package cannot renew by itself (the trial). */
  renewal: { amount: Money; duration: string; withoutBox: boolean } | null;
}) {
  const method = useWatch({ control: form.control, name: 'paymentMethod' });
  return (
    <CheckoutSection id="payment-method" icon={Wallet} title={t('checkout.method.title')}>
      <Controller
        control={form.control}
        name="paymentMethod"
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={field.onChange}
            disabled={disabled}
            aria-label={t('checkout.method.label')}
            className="grid gap-3 sm:grid-cols-2"
          >
            {METHODS.map((method) => {
              const id = `payment-${method.value}`;
              return (
                <label
                  key={method.value}
                  htmlFor={id}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-background/40 p-4 transition-colors hover:border-primary/60',
                    field.value === method.value && 'border-primary bg-primary/10 ring-1 ring-primary',
                    disabled && 'cursor-not-allowed opacity-60',
                  )}
                >
                  <RadioGroupItem id={id} value={method.value} className="mt-1" />
                  <span className="grid gap-1">
                    <span className="flex items-center gap-2 font-semibold">
                      <method.icon className="size-4 text-accent" aria-hidden="true" />
                      {t(method.label)}
                    </span>
                    <span className="text-xs text-muted-foreground">{t(method.detail)}</span>
                  </span>
                </label>
              );
            })}
          </RadioGroup>
        )}
      />
      {renewal && method === 'card' && (
        <div className="mt-4">
          <AutoRenewChoice form={form} amount={renewal.amount} duration={renewal.duration} withoutBox={renewal.withoutBox} />
        </div>
      )}
    </CheckoutSection>
  );
});
