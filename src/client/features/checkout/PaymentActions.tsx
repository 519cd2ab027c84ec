import { ArrowRight, Bitcoin, CreditCard, Pencil, Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { CheckoutSection } from './CheckoutSection';
import { PaymentFailureNote } from './PaymentFailureNote';
import { useTrialsPaused } from '../../lib/trial-availability';
import { t } from '../../lib/i18n';

export const CHECKOUT_FORM_ID = 'checkout-form';

interface SubmitState {
  pending: boolean;
  /** Why the last attempt to place the order failed. */
  failure: string | null;
}

/** The checkout form's submit button, placed in whichever payment section is showing, with the last failure above it. */
function SubmitOrder({ label, pendingLabel, pending, failure, paused = false }: SubmitState & { label: string; pendingLabel: string; paused?: boolean }) {
  return (
    <div className="grid gap-4">
      <PaymentFailureNote message={pending ? null : failure} />
      {paused && <p className="text-sm text-muted-foreground">{t('site.trialsPaused.note')}</p>}
      <Button type="submit" form={CHECKOUT_FORM_ID} size="lg" className="w-full" disabled={pending || paused}>
        {pending ? pendingLabel : paused ? t('site.trialsPaused.label') : label}
        {!pending && !paused && <ArrowRight className="rtl:rotate-180" aria-hidden="true" />}
      </Button>
    </div>
  );
}

export function EditDetailsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="sm" onClick={onClick}>
      <Pencil aria-hidden="true" /> {t('checkout.editDetails')}
    </Button>
  );
}

/** The saved card as one tap, above the way to type another (decision 0076). */
export interface SavedCardOffer {
  label: string;
  onPay: () => void;
}

/** Card Details before the order exists: the card is entered once the server has priced the order; a renewal may pay with its saved card at once. */
export function CardDetailsIntro({ savedCard, ...state }: SubmitState & { savedCard?: SavedCardOffer | null }) {
  return (
    <CheckoutSection
      id="card-details"
      icon={CreditCard}
      title={t('checkout.card.title')}
      description={t(savedCard ? 'checkout.card.savedCard' : 'checkout.card.description')}
    >
      {savedCard ? (
        <div className="grid gap-4">
          <PaymentFailureNote message={state.pending ? null : state.failure} />
          <Button type="button" size="lg" className="w-full" disabled={state.pending} onClick={savedCard.onPay}>
            <CreditCard aria-hidden="true" />
            {state.pending ? t('checkout.processing') : savedCard.label}
          </Button>
          <Button type="submit" form={CHECKOUT_FORM_ID} variant="outline" size="lg" className="w-full" disabled={state.pending}>
            {t('checkout.card.another')}
          </Button>
        </div>
      ) : (
        <SubmitOrder label={t('checkout.card.continue')} pendingLabel={t('checkout.card.pending')} {...state} />
      )}
    </CheckoutSection>
  );
}

export function CryptoIntro(state: SubmitState) {
  return (
    <CheckoutSection
      id="crypto-payment"
      icon={Bitcoin}
      title={t('checkout.crypto.title')}
      description={t('checkout.crypto.description')}
    >
      <SubmitOrder label={t('checkout.crypto.pay')} pendingLabel={t('checkout.crypto.pending')} {...state} />
    </CheckoutSection>
  );
}

export function FreeOrderIntro({ isTrial, ...state }: SubmitState & { isTrial: boolean }) {
  const trialsPaused = useTrialsPaused(isTrial);
  return (
    <CheckoutSection
      id="complete-order"
      icon={Sparkles}
      title={t(isTrial ? 'checkout.free.trialTitle' : 'checkout.free.orderTitle')}
      description={t(isTrial ? 'checkout.free.trialDescription' : 'checkout.free.orderDescription')}
    >
      <SubmitOrder label={t(isTrial ? 'checkout.free.startTrial' : 'checkout.free.complete')} pendingLabel={t('checkout.processing')} paused={isTrial && trialsPaused} {...state} />
    </CheckoutSection>
  );
}
