import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { renewalConfirmationSchema, type RenewalConfirmation } from '#contract/renewals';
import { AuthShell } from '../../components/AuthShell';
import { Button } from '../../components/ui/button';
import { api, getQueryFn, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { t, useMessages } from '../../lib/i18n';
import { formatIsolated } from '../../lib/isolated-message';
import { renewalAmountText, renewalFacts } from './renewal-facts';

function ToAccount() {
  return (
    <Button asChild size="lg" variant="outline" className="w-full">
      <Link href="/account">{t('account.renewal.openAccount')}</Link>
    </Button>
  );
}

function Facts({ renewal }: { renewal: RenewalConfirmation }) {
  return (
    <dl className="grid gap-2 rounded-xl border border-border p-4 text-sm">
      {renewalFacts(renewal).map(([term, value]) => (
        <div key={term} className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /renewals/:id/confirm?token=, the link of the "Confirm your renewal payment" email
 * (decision 0045): the renewal's package, amount and card, and one 'Confirm payment'.
 * With Stripe the bank's challenge opens in Stripe's window, loaded on the press; with the
 * demo provider the demo bank confirms at once. The server decides on the provider's record
 * (D8). Every other state says why nothing can be done here and leads to the account.
 */
export function RenewalConfirm({ renewalId, token }: { renewalId: string; token: string }) {
  useMessages('account', 'payment');
  const queryClient = useQueryClient();
  const key = queryKeys.renewal(renewalId, token);
  const renewal = useQuery({ queryKey: key, queryFn: getQueryFn({ schema: renewalConfirmationSchema }), retry: false });
  const [stripeError, setStripeError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: async (current: RenewalConfirmation) => {
      setStripeError(null);
      if (current.cardProvider === 'stripe' && current.clientSecret && current.stripePublishableKey) {
        const { confirmWithStripe } = await import('../../lib/stripe-confirm');
        const refused = await confirmWithStripe(current.stripePublishableKey, current.clientSecret);
        if (refused) {
          setStripeError(refused);
          return current;
        }
      }
      return api(apiRoutes.confirmRenewal(renewalId), { method: 'POST', body: token ? { token } : {}, schema: renewalConfirmationSchema });
    },
    onSuccess: (updated) => queryClient.setQueryData(key, updated),
  });
  const data = renewal.data;
  useDocumentTitle(data?.state === 'paid' ? t('account.renewal.paidTitle') : t('account.renewal.confirmTitle'));

  if (renewal.isError) {
    return (
      <AuthShell title={t('account.renewal.notFound')}>
        <div className="grid gap-4">
          <p className="text-center text-sm text-muted-foreground" role="alert">
            {messageOr(renewal.error, t('account.renewal.notFound'))}. {t('account.renewal.notFoundDescription')}
          </p>
          <ToAccount />
        </div>
      </AuthShell>
    );
  }
  if (!data) {
    return (
      <AuthShell title={t('account.renewal.confirm')}>
        <p className="text-center text-sm text-muted-foreground" role="status">
          {t('account.renewal.checking')}
        </p>
      </AuthShell>
    );
  }
  if (data.state !== 'awaiting_confirmation') {
    return (
      <AuthShell title={data.state === 'paid' ? t('account.renewal.isPaid') : t('account.renewal.nothingToConfirm')}>
        <div className="grid gap-4">
          <p className="text-center text-sm text-muted-foreground" role="status">
            {t(`account.renewal.state.${data.state}`)}
          </p>
          <Facts renewal={data} />
          <ToAccount />
        </div>
      </AuthShell>
    );
  }
  const amount = renewalAmountText(data);
  const failure = stripeError ?? (confirm.isError ? messageOr(confirm.error, t('account.renewal.notConfirmed')) : null);
  return (
    <AuthShell title={t('account.renewal.confirm')} description={formatIsolated('account.renewal.bankAsks', { amount, name: data.packageName })}>
      <div className="grid gap-4">
        <Facts renewal={data} />
        {failure && (
          <p className="text-center text-sm text-destructive" role="alert">
            {failure}
          </p>
        )}
        <Button type="button" size="lg" className="w-full" disabled={confirm.isPending} onClick={() => confirm.mutate(data)}>
          {confirm.isPending ? t('account.renewal.confirming') : t('account.renewal.confirmPayment')}
        </Button>
        {data.cardProvider === 'demo' && <p className="text-center text-xs text-muted-foreground">{t('account.renewal.demo')}</p>}
        <ToAccount />
      </div>
    </AuthShell>
  );
}
