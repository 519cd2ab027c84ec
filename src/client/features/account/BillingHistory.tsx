import { FileText, Receipt } from 'lucide-react';
import { Link } from 'wouter';
import type { BillingPayment } from '#contract/billing';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { BILLING_STATUS_BADGES, formatAmount } from './billing-view';
import { useCustomerTimeZone } from './customer-time-zone';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { useBillingHistory } from './use-billing';

/** A payment's refunds, each with its date: what came back and when. */
export function RefundList({ payment }: { payment: Pick<BillingPayment, 'refunds' | 'currency'> }) {
  const timeZone = useCustomerTimeZone();
  if (payment.refunds.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm text-muted-foreground print:text-black" aria-label="Refunds">
      {payment.refunds.map((refund, index) => (
        <li key={`${refund.createdAt}-${index}`}>
          Refunded <span className="tabular font-semibold text-foreground print:text-black">{formatAmount(refund.amount, payment.currency)}</span> on {formatSubscriptionDate(refund.createdAt, timeZone)}
        </li>
      ))}
    </ul>
  );
}

export function BillingStatusBadge({ status }: { status: BillingPayment['status'] }) {
  const badge = BILLING_STATUS_BADGES[status];
  return (
    <Badge variant={badge.tone} data-testid="billing-status">
      {badge.label}
    </Badge>
  );
}

function PaymentItem({ payment }: { payment: BillingPayment }) {
  const timeZone = useCustomerTimeZone();
  return (
    <li className="grid gap-2 rounded-xl bg-muted/40 p-4" data-testid="billing-payment">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">{payment.description}</p>
        <span className="tabular shrink-0 font-bold">{formatAmount(payment.amount, payment.currency)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <BillingStatusBadge status={payment.status} />
        <span>{formatSubscriptionDate(payment.createdAt, timeZone)}</span>
        <span>{payment.paymentMethod}</span>
        <span className="break-all font-mono text-xs">{payment.orderId}</span>
      </div>
      <RefundList payment={payment} />
      <div>
        <Button variant="outline" size="sm" asChild>
          <Link href={`/account/receipts/${encodeURIComponent(payment.orderId)}`} aria-label={`Receipt for order ${payment.orderId}`}>
            <FileText aria-hidden="true" />
            Receipt
          </Link>
        </Button>
      </div>
    </li>
  );
}

/** The account's "Billing" section: every payment with its status, refunds and receipt, as the Stripe portal's invoice history. */
export function BillingHistory() {
  const history = useBillingHistory();
  return (
    <Card data-testid="billing-history">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight">
          <Receipt className="size-5 text-accent" aria-hidden="true" />
          Billing
        </h2>
      </CardHeader>
      <CardContent aria-busy={history.isPending}>
        {history.isPending ? (
          <div className="grid gap-2" data-testid="billing-skeleton">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : history.isError ? (
          <p className="text-sm text-destructive" role="alert">
            Your payments could not be loaded. Please refresh the page.
          </p>
        ) : history.data.length === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">No payments yet. Your payments and their receipts will be listed here.</p>
            {/* The subscriptions' empty state already has 'Browse Packages': a second link of that name would repeat it in a screen reader's list of links. */}
            <Button variant="outline" size="sm" asChild>
              <Link href="/#packages">Choose a Package</Link>
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
