import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { FlaskConical, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { demoCardSchema, demoConfirmResponseSchema } from '#contract/checkout';
import { formatDollars } from '#domain/money';
import { Button } from '../../components/ui/button';
import { DemoCardFields } from '../demo-card';
import { api } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import type { CardPaymentProps } from './card-payment-props';
import { demoConfirmFailure } from './payment-errors';
import { PaymentFailureNote } from './PaymentFailureNote';
import { paymentIntentIdOf } from './pending-order';

type DemoCard = z.output<typeof demoCardSchema>;

const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  // Both pay now; saved with "Renew automatically", they show a renewal's failures (decision 0044).
  { number: '4000 0027 6000 3184', outcome: 'succeeds, asks for authentication at renewal' },
  { number: '4000 0000 0000 9995', outcome: 'succeeds, lacks funds at renewal' },
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

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit(pay)(event)} aria-label="Card details">
      <DemoCardFields
        form={form}
        idPrefix="card"
        icon={<FlaskConical className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />}
        title="Demo mode: no real charge"
        intro="This store runs without a card processor. Use a test card with any future expiry and any CVC:"
        testCards={TEST_CARDS}
      />
      <PaymentFailureNote message={failure} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Lock aria-hidden="true" />
        {busy ? 'Processing...' : `Pay ${formatDollars(total)}`}
      </Button>
    </form>
  );
}
