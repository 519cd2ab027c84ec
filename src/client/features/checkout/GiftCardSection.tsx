import { Gift } from 'lucide-react';
import { memo } from 'react';
import { useFormState } from 'react-hook-form';
import { GIFT_CARDS } from '#domain/catalog';
import { FormSelect, plainOptions } from '../../components/ui/form-select';
import type { CheckoutForm } from './checkout-form';
import { CheckoutSection } from './CheckoutSection';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';
import { cashbackText } from '../../lib/price-text';

const GIFT_CARD_OPTIONS = plainOptions(GIFT_CARDS);

/**
 * The cashback gift card every paid subscription earns, one per subscription (spec section 1).
 * Memoized, with its own subscription to its field's error: the checkout form's other renders
 * (react-hook-form's first one after mounting among them) skip its 24-item select (decision 0054).
 * The cashback is said in dollars whatever the order's currency (decision 0110).
 */
export const GiftCardSection = memo(function GiftCardSection({ form, cashback }: { form: CheckoutForm; cashback: string }) {
  const { errors } = useFormState({ control: form.control, name: 'selectedGiftCard' });
  return (
    <CheckoutSection
      id="gift-card"
      icon={Gift}
      title={t('checkout.giftCard.title')}
      description={formatMessage('checkout.giftCard.description', { amount: cashbackText(cashback) })}
    >
      <FormSelect
        control={form.control}
        name="selectedGiftCard"
        id="selectedGiftCard"
        label={t('checkout.giftCard.label')}
        error={errors.selectedGiftCard?.message}
        placeholder={t('checkout.giftCard.placeholder')}
        options={GIFT_CARD_OPTIONS}
      />
    </CheckoutSection>
  );
});
