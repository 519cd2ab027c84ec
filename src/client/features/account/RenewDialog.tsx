import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { CustomerProfile } from '#contract/accounts';
import { checkoutResponseSchema } from '#contract/checkout';
import type { Package } from '#contract/packages';
import type { Subscription } from '#contract/subscriptions';
import { GIFT_CARDS } from '#domain/catalog';
import type { CurrencyCode } from '#domain/currencies';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormSelect, plainOptions } from '../../components/ui/form-select';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { api, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { useBuyerCurrency } from '../../lib/buyer-currency';
import { t, useMessages } from '../../lib/i18n';
import { formatIsolated } from '../../lib/isolated-message';
import { useCart } from '../../lib/cart-store';
import { usePackages } from '../../lib/use-packages';
import { inPageLanguage } from '../../lib/page-resolver';
import {
  initialDeviceCount,
  initialRenewalPackageId,
  renewalFormSchema,
  renewalPackages,
  renewalDeviceOptions,
  renewalOptionLabel,
  renewalPayload,
  type RenewalForm,
  type RenewalValues,
} from './renewal';

const GIFT_CARD_OPTIONS = plainOptions(GIFT_CARDS);

interface RenewDialogProps {
  subscription: Subscription;
  customer: CustomerProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Renew Subscription: choose the package, devices and gift card, then pay on the checkout page. */
export function RenewDialog({ subscription, customer, open, onOpenChange }: RenewDialogProps) {
  useMessages('account', 'payment');
  // The checkout the dialog leads to charges in the buyer's currency, so the prices it offers are in it (decision 0114).
  const currency = useBuyerCurrency();
  const packages = usePackages({ currency });
  const options = renewalPackages(packages.data ?? []);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('account.renewDialog.title')}</DialogTitle>
          <DialogDescription>
            {formatIsolated('account.renewDialog.description', { name: subscription.package.name })}
          </DialogDescription>
        </DialogHeader>
        {packages.isPending ? (
          <div className="grid gap-4" aria-hidden="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : packages.isError ? (
          <p className="text-sm text-destructive" role="alert">{t('account.renewDialog.packagesFailed')}</p>
        ) : (
          <RenewForm subscription={subscription} customer={customer} options={options} currency={currency} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RenewForm({
  subscription,
  customer,
  options,
  currency,
  onDone,
}: {
  subscription: Subscription;
  customer: CustomerProfile;
  options: Package[];
  currency: CurrencyCode;
  onDone: () => void;
}) {
  const [, navigate] = useLocation();
  const addItem = useCart((state) => state.addItem);
  const form = useForm<RenewalForm, unknown, RenewalValues>({
    resolver: inPageLanguage(zodResolver(renewalFormSchema)),
    defaultValues: {
      packageId: initialRenewalPackageId(subscription, options),
      deviceCount: initialDeviceCount(subscription),
      selectedGiftCard: undefined,
    },
  });
  const renew = useMutation({
    mutationFn: async (values: RenewalValues) => {
      // The answer is read but unused (spec section 7): the payment happens on /checkout.
      await api(apiRoutes.checkout, { method: 'POST', body: renewalPayload(values, customer, subscription.id, currency), schema: checkoutResponseSchema });
      return values;
    },
    onSuccess: (values) => {
      toast({ title: t('account.renewDialog.initiated'), description: t('account.renewDialog.initiatedDescription') });
      onDone();
      const pkg = options.find((option) => option.id === values.packageId);
      if (pkg) {
        addItem({ ...pkg, renewsSubscriptionId: subscription.id, deviceCount: Number(values.deviceCount), selectedGiftCard: values.selectedGiftCard });
      }
      navigate('/checkout');
    },
    onError: (error) => toast({ title: t('account.renewDialog.failed'), description: messageOr(error, t('account.renewDialog.failedDescription')), variant: 'destructive' }),
  });
  const { errors } = form.formState;

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit((values) => renew.mutate(values))(event)}>
      <FormSelect
        control={form.control}
        name="packageId"
        id="renew-package"
        label={t('account.renewDialog.package')}
        error={errors.packageId?.message}
        placeholder={t('account.renewDialog.choosePackage')}
        options={options.map((pkg) => ({ value: pkg.id, label: renewalOptionLabel(pkg, currency) }))}
      />
      <FormSelect
        control={form.control}
        name="deviceCount"
        id="renew-devices"
        label={t('account.details.devices')}
        error={errors.deviceCount?.message}
        placeholder={t('account.renewDialog.deviceCount')}
        options={renewalDeviceOptions(currency)}
      />
      <FormSelect
        control={form.control}
        name="selectedGiftCard"
        id="renew-gift-card"
        label={t('account.renewDialog.giftCard')}
        error={errors.selectedGiftCard?.message}
        placeholder={t('account.renewDialog.chooseGiftCard')}
        options={GIFT_CARD_OPTIONS}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('account.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={renew.isPending}>
          {renew.isPending ? t('account.renewDialog.processing') : t('account.renewDialog.continue')}
        </Button>
      </DialogFooter>
    </form>
  );
}
