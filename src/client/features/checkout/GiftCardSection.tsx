import { Gift } from 'lucide-react';
import { GIFT_CARDS } from '#domain/catalog';
import { FormSelect, plainOptions } from '../../components/ui/form-select';
import type { CheckoutForm } from './checkout-form';
import { CheckoutSection } from './CheckoutSection';

const GIFT_CARD_OPTIONS = plainOptions(GIFT_CARDS);

/** The cashback gift card every paid subscription earns, one per subscription (spec section 1). */
export function GiftCardSection({ form, cashback }: { form: CheckoutForm; cashback: string }) {
  return (
    <CheckoutSection
      id="gift-card"
      icon={Gift}
      title="Gift Card Cashback"
      description={`Choose where your $${cashback} cashback goes. The e-gift card is emailed within 1-2 hours of payment.`}
    >
      <FormSelect
        control={form.control}
        name="selectedGiftCard"
        id="selectedGiftCard"
        label="Gift Card"
        error={form.formState.errors.selectedGiftCard?.message}
        placeholder="Choose your gift card"
        options={GIFT_CARD_OPTIONS}
      />
    </CheckoutSection>
  );
}
