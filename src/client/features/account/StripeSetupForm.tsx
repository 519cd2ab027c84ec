import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { pageBase, t } from '../../lib/i18n';
import { stripeAppearance, stripeFor } from '../../lib/stripe';

interface SetupProps {
  /** Asks the server to save the card the SetupIntent kept; its refusal, or null when saved. */
  onSaved: (setupIntentId: string) => Promise<string | null>;
}

function SetupForm({ onSaved }: SetupProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || pending) return;
    setPending(true);
    setFailure(null);
    try {
      const { error, setupIntent } = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: `${window.location.origin}${pageBase()}/account` } });
      if (error) setFailure(error.message ?? t('account.card.declined'));
      else setFailure(await onSaved(setupIntent.id));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('account.unexpectedError'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void save(event)} aria-label={t('account.card.new')}>
      <PaymentElement options={{ layout: 'tabs' }} />
      {failure && (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={!stripe || !elements || pending}>
        {pending ? t('account.card.saving') : t('account.card.save')}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element for a SetupIntent: the card is saved for renewals, nothing charged (decision 0044). */
export default function StripeSetupForm({ publishableKey, clientSecret, onSaved }: SetupProps & { publishableKey: string; clientSecret: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: stripeAppearance }}>
      <SetupForm onSaved={onSaved} />
    </Elements>
  );
}
