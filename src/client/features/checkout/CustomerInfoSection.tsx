import { UserRound } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { FormSelect } from '../../components/ui/form-select';
import type { CheckoutForm } from './checkout-form';
import { CheckoutSection } from './CheckoutSection';
import type { CurrencyCode } from '#domain/currencies';
import { deviceOptionLabel } from '../../lib/device-options';
import { extraDeviceFeeText } from '../../lib/price-text';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';

const CUSTOMER_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'deviceCount'] as const;

/**
 * Names, email, optional phone and the number of devices (spec section 2), their fees in the
 * order's currency; `children` goes under the devices (the set-top boxes).
 */
export const CustomerInfoSection = memo(function CustomerInfoSection({
  form,
  maxDevices,
  currency,
  children,
}: {
  form: CheckoutForm;
  maxDevices: number;
  currency: CurrencyCode;
  children?: ReactNode;
}) {
  // Its own subscription to its fields' errors, so that it can skip the form's other renders (decision 0054).
  const { errors } = useFormState({ control: form.control, name: CUSTOMER_FIELDS });
  const deviceOptions = Array.from({ length: maxDevices }, (_, i) => i + 1);
  return (
    <CheckoutSection id="customer-information" icon={UserRound} title={t('checkout.customer.title')} description={t('checkout.customer.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="firstName" label={t('checkout.customer.firstName')} error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...invalidProps('firstName', errors.firstName?.message)} {...form.register('firstName')} />
        </FormField>
        <FormField id="lastName" label={t('checkout.customer.lastName')} error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...invalidProps('lastName', errors.lastName?.message)} {...form.register('lastName')} />
        </FormField>
        <FormField id="email" label={t('checkout.customer.email')} error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder={t('checkout.customer.emailPlaceholder')} {...invalidProps('email', errors.email?.message)} {...form.register('email')} />
        </FormField>
        <FormField id="phone" label={t('checkout.customer.phone')} error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...invalidProps('phone', errors.phone?.message)} {...form.register('phone')} />
        </FormField>
        <FormSelect
          control={form.control}
          name="deviceCount"
          id="deviceCount"
          label={t('checkout.customer.devices')}
          error={errors.deviceCount?.message}
          className="sm:col-span-2"
          placeholder={t('checkout.customer.devicesPlaceholder')}
          options={deviceOptions.map((count) => ({ value: String(count), label: deviceOptionLabel(count, currency) }))}
          disabled={maxDevices === 1}
          hint={maxDevices === 1 ? t('checkout.customer.oneDevice') : formatMessage('checkout.customer.devicesHint', { max: maxDevices, fee: extraDeviceFeeText(currency) })}
        />
        {children && <div className="sm:col-span-2">{children}</div>}
      </div>
    </CheckoutSection>
  );
});
