import { Truck } from 'lucide-react';
import { SHIPPING_COUNTRIES, type ShippingCountry } from '#domain/catalog';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { FormSelect } from '../../components/ui/form-select';
import type { CheckoutForm } from './checkout-form';
import { CheckoutSection } from './CheckoutSection';
import { t } from '../../lib/i18n';

const COUNTRY_NAMES: Record<ShippingCountry, string> = { US: 'United States', CA: 'Canada' };

/**
 * Where the streaming box goes. The schema reports one message, on the address, for any
 * missing part (spec section 5); the other empty parts are marked invalid beside it.
 */
export function ShippingSection({ form }: { form: CheckoutForm }) {
  const { errors } = form.formState;
  const missing = errors.shippingAddress?.message;
  const [city, state, zip] = form.watch(['shippingCity', 'shippingState', 'shippingZip']);
  const markIfEmpty = (id: string, value: string) => ({ id, 'aria-invalid': missing && !value.trim() ? true : undefined });
  return (
    <CheckoutSection
      id="shipping-information"
      icon={Truck}
      title={t('checkout.shipping.title')}
      description={t('checkout.shipping.description')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="shippingAddress" label="Street Address" error={missing} className="sm:col-span-2">
          <Input autoComplete="shipping street-address" {...invalidProps('shippingAddress', missing)} {...form.register('shippingAddress')} />
        </FormField>
        <FormField id="shippingCity" label="City">
          <Input autoComplete="shipping address-level2" {...markIfEmpty('shippingCity', city)} {...form.register('shippingCity')} />
        </FormField>
        <FormField id="shippingState" label="State / Province">
          <Input autoComplete="shipping address-level1" {...markIfEmpty('shippingState', state)} {...form.register('shippingState')} />
        </FormField>
        <FormField id="shippingZip" label="ZIP / Postal Code">
          <Input autoComplete="shipping postal-code" {...markIfEmpty('shippingZip', zip)} {...form.register('shippingZip')} />
        </FormField>
        <FormSelect
          control={form.control}
          name="shippingCountry"
          id="shippingCountry"
          label="Country"
          error={errors.shippingCountry?.message}
          placeholder="Choose a country"
          options={SHIPPING_COUNTRIES.map((country) => ({ value: country, label: COUNTRY_NAMES[country] }))}
        />
      </div>
    </CheckoutSection>
  );
}
