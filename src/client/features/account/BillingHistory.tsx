import { FileText, Receipt } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'wouter';
import type { BillingPayment } from '#contract/billing';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatMessage } from '../../lib/format-message';
import { pageLocale, useMessages } from '../../lib/i18n';
import { BILLING_STATUS_BADGES, aroundAmount, formatAmount, packageLabel, paymentMethodWords, purchaseExtras } from './billing-view';
import { useCustomerTimeZone } from './customer-time-zone';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { useBillingHistory } from './use-billing';

/** A payment's refunds, each with its date: what came back and when. */
export function RefundList({ payment }: { payment: Pick<BillingPayment, 'refunds' | 'currency'> }) {
  const t = useMessages('billing');
  const timeZone = useCustomerTimeZone();
  if (payment.refunds.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm text-muted-foreground print:text-black" aria-label={t('billing.refunds')}>
      {payment.refunds.map((refund, index) => {
        const [before, after] = aroundAmount('billing.refundedOn', { date: formatSubscriptionDate(refund.createdAt, timeZone) }, formatMessage);
        return (
          <li key={`${refund.createdAt}-${index}`}>
            {before}
            <span className="tabular font-semibold text-foreground print:text-black">{formatAmount(refund.amount, payment.currency, pageLocale())}</span>
            {after}
          </li>
        );
      })}
    </ul>
  );
}

export function BillingStatusBadge({ status }: { status: BillingPayment['status'] }) {
  const t = useMessages('billing');
  const badge = BILLING_STATUS_BADGES[status];
  return (
    <Badge variant={badge.tone} data-testid="billing-status">
      {t(badge.key)}
    </Badge>
  );
}

/** What a payment paid for: 'Renewal: 1 Month Premium (1 Month), 2 devices', the package's name kept whole in a right-to-left line. */
export function PurchaseDescription({ purchase }: { purchase: BillingPayment['purchase'] }) {
  const t = useMessages('billing');
  const extras = purchaseExtras(purchase, formatMessage);
  return (
    <>
      {purchase.renewal && `${t('billing.renewal')} `}
      <bdi>{packageLabel(purchase)}</bdi>
      {extras.map((extra) => `${t('billing.separator')}${extra}`).join('')}
    </>
  );
}

function PaymentItem({ payment }: { payment: BillingPayment }) {
  const t = useMessages('billing');
  const timeZone = useCustomerTimeZone();
  return (
    <li className="grid gap-2 rounded-xl bg-muted/40 p-4" data-testid="billing-payment">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          <PurchaseDescription purchase={payment.purchase} />
        </p>
        <span className="tabular shrink-0 font-bold">{formatAmount(payment.amount, payment.currency, pageLocale())}</span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <BillingStatusBadge status={payment.status} />
        <span>{formatSubscriptionDate(payment.createdAt, timeZone)}</span>
        <span>{paymentMethodWords(payment, t, formatMessage)}</span>
        <span className="break-all font-mono text-xs">{payment.orderId}</span>
      </div>
      <RefundList payment={payment} />
      <div>
        <Button variant="outline" size="sm" asChild>
          <Link href={`/account/receipts/${encodeURIComponent(payment.orderId)}`} aria-label={formatMessage('billing.receiptFor', { orderId: payment.orderId })}>
            <FileText aria-hidden="true" />
            {t('billing.receipt')}
          </Link>
        </Button>
      </div>
    </li>
  );
}

function BillingSkeleton() {
  return (
    <div className="grid gap-2" data-testid="billing-skeleton">
      <Skeleton className="h-24" />
      <Skeleton className="h-24" />
    </div>
  );
}

function BillingCard() {
  const t = useMessages('billing');
  const history = useBillingHistory();
  return (
    <Card data-testid="billing-history">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight">
          <Receipt className="size-5 text-accent" aria-hidden="true" />
          {t('billing.title')}
        </h2>
      </CardHeader>
      <CardContent aria-busy={history.isPending}>
        {history.isPending ? (
          <BillingSkeleton />
        ) : history.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('billing.loadError')}
          </p>
        ) : history.data.length === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">{t('billing.empty')}</p>
            {/* The subscriptions' empty state already has 'Browse Packages': a second link of that name would repeat it in a screen reader's list of links. */}
            <Button variant="outline" size="sm" asChild>
              <Link href="/#packages">{t('billing.choosePackage')}</Link>
            </Button>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {history.data.map((payment) => (
              <PaymentItem key={payment.orderId} payment={payment} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The account's "Billing" section: every payment with its status, refunds and receipt, as the Stripe portal's invoice history. Its words load with it (decision 0106). */
export function BillingHistory() {
  return (
    <Suspense fallback={<BillingSkeleton />}>
      <BillingCard />
    </Suspense>
  );
}
