import { Gift } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { GIFT_CARDS } from '#domain/catalog';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import type { CheckoutForm } from './checkout-form';
import { CheckoutSection } from './CheckoutSection';

/** The cashback gift card every paid subscription earns, one per subscription (spec section 1). */
export function GiftCardSection({ form, cashback }: { form: CheckoutForm; cashback: string }) {
  const error = form.formState.errors.selectedGiftCard?.message;
  return (
    <CheckoutSection
      id="gift-card"
      icon={Gift}
      title="Gift Card Cashback"
      description={`Choose where your $${cashback} cashback goes. The e-gift card is emailed within 1-2 hours of payment.`}
    >
      <FormField id="selectedGiftCard" label="Gift Card" error={error}>
        <Controller
          control={form.control}
          name="selectedGiftCard"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={field.disabled}>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...invalidProps('selectedGiftCard', error)}>
                <SelectValue placeholder="Choose your gift card" />
              </SelectTrigger>
              <SelectContent>
                {GIFT_CARDS.map((card) => (
                  <SelectItem key={card} value={card}>
                    {card}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
    </CheckoutSection>
  );
}
