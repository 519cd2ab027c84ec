import { Truck } from 'lucide-react';
import { SHIPPING_COUNTRIES } from '#domain/catalog';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { FormSelect } from '../../components/ui/form-select';
import type { CheckoutForm } from './checkout-form';
import { CheckoutSection } from './CheckoutSection';
import { pageLocale, t } from '../../lib/i18n';

/** The countries as the page's language names them ('United States', 'Canada' in English). */
const countryNames = () => new Intl.DisplayNames(pageLocale(), { type: 'region' });

/**
 * Where the streaming box goes. The schema reports one message, on the address, for any
 * missing part (spec section 5); the other empty parts are marked invalid beside it.
 */
export function ShippingSection({ form }: { form: CheckoutForm }) {
  const { errors } = form.formState;
  const missing = errors.shippingAddress?.message;
  const [city, state, zip] = form.watch(['shippingCity', 'shippingState', 'shippingZip']);
  const names = countryNames();
  const markIfEmpty = (id: string, value: string) => ({ id, 'aria-invalid': missing && !value.trim() ? true : undefined });
  return (
    <CheckoutSection
      id="shipping-information"
      icon={Truck}
      title={t('checkout.shipping.title')}
      description={t('checkout.shipping.description')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="shippingAddress" label={t('payment.shipping.street')} error={missing} className="sm:col-span-2">
          <Input autoComplete="shipping street-address" {...invalidProps('shippingAddress', missing)} {...form.register('shippingAddress')} />
        </FormField>
        <FormField id="shippingCity" label={t('payment.shipping.city')}>
          <Input autoComplete="shipping address-level2" {...markIfEmpty('shippingCity', city)} {...form.register('shippingCity')} />
        </FormField>
        <FormField id="shippingState" label={t('payment.shipping.state')}>
          <Input autoComplete="shipping address-level1" {...markIfEmpty('shippingState', state)} {...form.register('shippingState')} />
        </FormField>
        <FormField id="shippingZip" label={t('payment.shipping.zip')}>
          <Input autoComplete="shipping postal-code" {...markIfEmpty('shippingZip', zip)} {...form.register('shippingZip')} />
        </FormField>
        <FormSelect
          control={form.control}
          name="shippingCountry"
          id="shippingCountry"
          label={t('payment.shipping.country')}
          error={errors.shippingCountry?.message}
          placeholder={t('payment.shipping.countryPlaceholder')}
          options={SHIPPING_COUNTRIES.map((country) => ({ value: country, label: names.of(country) ?? country }))}
        />
      </div>
    </CheckoutSection>
  );
}
