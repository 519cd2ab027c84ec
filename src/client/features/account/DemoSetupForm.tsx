import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { demoCardSchema } from '#contract/checkout';
import { Button } from '../../components/ui/button';
import { DemoCardFields } from '../demo-card';
import { api, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';

type DemoCard = z.output<typeof demoCardSchema>;

const confirmedSchema = z.object({ id: z.string(), status: z.literal('succeeded') });

/** The test cards a saved card can be, with what each does at a renewal (the demo provider's, as decision 0044 lists them). */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'renews' },
  { number: '4000 0027 6000 3184', outcome: 'asks for authentication at renewal' },
  { number: '4000 0000 0000 9995', outcome: 'lacks funds at renewal' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
];

/** The demo card network's form for saving a card, as checkout's demo form pays (D7). */
export function DemoSetupForm({ setupIntentId, onSaved }: { setupIntentId: string; onSaved: (setupIntentId: string) => Promise<string | null> }) {
  const form = useForm<z.input<typeof demoCardSchema>, unknown, DemoCard>({
    resolver: zodResolver(demoCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { isSubmitting } = form.formState;

  const submit = async (card: DemoCard) => {
    setFailure(null);
    try {
      await api(apiRoutes.demoConfirmSetup(setupIntentId), { method: 'POST', body: card, schema: confirmedSchema });
    } catch (error) {
      setFailure(messageOr(error, 'Your card was declined.'));
      return;
    }
    setFailure(await onSaved(setupIntentId));
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} aria-label="New card">
      <DemoCardFields form={form} idPrefix="new-card" title="Demo mode: no real card" testCards={TEST_CARDS} />
      {failure && (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save card'}
      </Button>
    </form>
  );
}
