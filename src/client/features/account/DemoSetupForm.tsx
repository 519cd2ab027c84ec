import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { demoCardSchema } from '#contract/checkout';
import { Button } from '../../components/ui/button';
import { DemoCardFields } from '../demo-card';
import { api, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { t } from '../../lib/i18n';
import { inPageLanguage } from '../../lib/page-resolver';

type DemoCard = z.output<typeof demoCardSchema>;

const confirmedSchema = z.object({ id: z.string(), status: z.literal('succeeded') });

/** The test cards a saved card can be, with what each does at a renewal (the demo provider's, as decision 0044 lists them). */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'account.demoCard.renews' },
  { number: '4000 0027 6000 3184', outcome: 'account.demoCard.authentication' },
  { number: '4000 0000 0000 9995', outcome: 'account.demoCard.noFunds' },
  { number: '4000 0000 0000 0002', outcome: 'account.demoCard.declined' },
];

/** The demo card network's form for saving a card, as checkout's demo form pays (D7). */
export function DemoSetupForm({ setupIntentId, onSaved }: { setupIntentId: string; onSaved: (setupIntentId: string) => Promise<string | null> }) {
  const form = useForm<z.input<typeof demoCardSchema>, unknown, DemoCard>({
    resolver: inPageLanguage(zodResolver(demoCardSchema)),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { isSubmitting } = form.formState;

  const submit = async (card: DemoCard) => {
    setFailure(null);
    try {
      await api(apiRoutes.demoConfirmSetup(setupIntentId), { method: 'POST', body: card, schema: confirmedSchema });
    } catch (error) {
      setFailure(messageOr(error, t('account.card.declined')));
      return;
    }
    setFailure(await onSaved(setupIntentId));
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} aria-label={t('account.card.new')}>
      <DemoCardFields form={form} idPrefix="new-card" title={t('account.demoCard.title')} testCards={TEST_CARDS.map((card) => ({ ...card, outcome: t(card.outcome) }))} />
      {failure && (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('account.card.saving') : t('account.card.save')}
      </Button>
    </form>
  );
}
