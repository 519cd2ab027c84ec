import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { FlaskConical, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { demoCardSchema, demoConfirmResponseSchema } from '#contract/checkout';
import { money } from '#domain/currencies';
import { Button } from '../../components/ui/button';
import { formatMessage } from '../../lib/format-message';
import { DemoCardFields } from '../demo-card';
import { api } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { t } from '../../lib/i18n';
import { amountText } from '../../lib/price-text';
import { inPageLanguage } from '../../lib/page-resolver';
import type { CardPaymentProps } from './card-payment-props';
import { demoConfirmFailure } from './payment-errors';
import { PaymentFailureNote } from './PaymentFailureNote';
import { paymentIntentIdOf } from './pending-order';

type DemoCard = z.output<typeof demoCardSchema>;

/** Each test card and the key of what it does. */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'payment.demo.succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'payment.demo.declined' },
  // Both pay now; saved with "Renew automatically", they show a renewal's failures (decision 0044).
  { number: '4000 0027 6000 3184', outcome: 'payment.demo.authAtRenewal' },
  { number: '4000 0000 0000 9995', outcome: 'payment.demo.fundsAtRenewal' },
];

/** The demo card network's form (D7): the test cards only, no real charge. */
export function DemoCardForm({ clientSecret, total, currency, onPaid, onFailed }: CardPaymentProps) {
  const paymentIntentId = paymentIntentIdOf(clientSecret);
  const form = useForm<z.input<typeof demoCardSchema>, unknown, DemoCard>({
    resolver: inPageLanguage(zodResolver(demoCardSchema)),
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
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit(pay)(event)} aria-label={t('payment.card.form')}>
      <DemoCardFields
        form={form}
        idPrefix="card"
        icon={<FlaskConical className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />}
        title={t('payment.demo.title')}
        intro={t('payment.demo.intro')}
        testCards={TEST_CARDS.map((card) => ({ number: card.number, outcome: t(card.outcome) }))}
      />
      <PaymentFailureNote message={failure} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Lock aria-hidden="true" />
        {busy ? t('payment.processing') : formatMessage('payment.pay', { amount: amountText(money(total, currency)) })}
      </Button>
    </form>
  );
}
