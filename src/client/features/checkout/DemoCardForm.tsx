import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { FlaskConical, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { demoCardSchema, demoConfirmResponseSchema } from '#contract/checkout';
import { formatDollars } from '#domain/money';
import { Button } from '../../components/ui/button';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { api } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';
import type { CardPaymentProps } from './card-payment-props';
import { demoConfirmFailure } from './payment-errors';
import { PaymentFailureNote } from './PaymentFailureNote';
import { paymentIntentIdOf } from './pending-order';

type DemoCard = z.output<typeof demoCardSchema>;

const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
];

/** The demo card network's form (D7): the test cards only, no real charge. */
export function DemoCardForm({ clientSecret, total, onPaid, onFailed }: CardPaymentProps) {
  const paymentIntentId = paymentIntentIdOf(clientSecret);
  const form = useForm<z.input<typeof demoCardSchema>, unknown, DemoCard>({
    resolver: zodResolver(demoCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const confirm = useMutation({
    mutationFn: (card: DemoCard) => api(apiRoutes.demoConfirmPayment(paymentIntentId), { method: 'POST', body: card, schema: demoConfirmResponseSchema }),
  });
  const { errors } = form.formState;
  const busy = confirm.isPending || form.formState.isSubmitting;
  const [failure, setFailure] = useState<string | null>(null);

  const pay = async (card: DemoCard) => {
    setFailure(null);
    try {
      await confirm.mutateAsync(card);
    } catch (error) {
      const failed = demoConfirmFailure(error);
      setFailure(failed.description);
      onFailed(failed);
      return;
    }
    await onPaid(paymentIntentId);
  };

  const cardNumber = form.register('cardNumber');
  const expiry = form.register('expiry');
  const cvc = form.register('cvc');

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit(pay)(event)} aria-label="Card details">
      <div role="note" className="flex gap-3 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm sm:p-4">
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div>
          <p className="font-semibold text-warning">Demo mode: no real charge</p>
          <p className="mt-1 text-muted-foreground">This store runs without a card processor. Use a test card with any future expiry and any CVC:</p>
          <ul className="mt-2 grid gap-1">
            {TEST_CARDS.map((card) => (
              <li key={card.number}>
                <button
                  type="button"
                  className="tabular font-mono text-foreground underline decoration-dotted underline-offset-4 hover:text-accent"
                  onClick={() => form.setValue('cardNumber', card.number, { shouldValidate: form.formState.isSubmitted })}
                >
                  {card.number}
                </button>{' '}
                <span className="text-muted-foreground">{card.outcome}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <FormField id="card-number" label="Card number" error={errors.cardNumber?.message}>
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          className="tabular font-mono"
          {...invalidProps('card-number', errors.cardNumber?.message)}
          {...cardNumber}
          onChange={(event) => {
            event.target.value = formatCardNumber(event.target.value);
            void cardNumber.onChange(event);
          }}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="card-expiry" label="Expiry" error={errors.expiry?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            className="tabular font-mono"
            {...invalidProps('card-expiry', errors.expiry?.message)}
            {...expiry}
            onChange={(event) => {
              event.target.value = formatExpiry(event.target.value);
              void expiry.onChange(event);
            }}
          />
        </FormField>
        <FormField id="card-cvc" label="CVC" error={errors.cvc?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            className="tabular font-mono"
            {...invalidProps('card-cvc', errors.cvc?.message)}
            {...cvc}
            onChange={(event) => {
              event.target.value = formatCvc(event.target.value);
              void cvc.onChange(event);
            }}
          />
        </FormField>
      </div>
      <PaymentFailureNote message={failure} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Lock aria-hidden="true" />
        {busy ? 'Processing...' : `Pay ${formatDollars(total)}`}
      </Button>
    </form>
  );
}
