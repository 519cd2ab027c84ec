import { ArrowLeft, FileQuestion, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Receipt, ReceiptLine } from '#contract/billing';
import type { CurrencyCode } from '#domain/currencies';
import { BrandLogo } from '../../components/BrandLogo';
import { MAIN_ID } from '../../components/SkipLink';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { formatMessage } from '../../lib/format-message';
import { pageLocale, useMessages } from '../../lib/i18n';
import { BillingStatusBadge, RefundList } from './BillingHistory';
import { aroundAmount, formatAmount, packageLabel, paymentMethodWords, receiptLineWords } from './billing-view';
import { useCustomerTimeZone } from './customer-time-zone';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { useReceipt } from './use-billing';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground print:text-neutral-600">{term}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A line's description: the package by its name, kept whole in a right-to-left line; the extra devices and the coupon in words. */
function LineDescription({ line, receipt }: { line: ReceiptLine; receipt: Receipt }) {
  const words = receiptLineWords(line, formatMessage);
  return words ?? <bdi>{packageLabel(receipt.purchase)}</bdi>;
}

function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const t = useMessages('billing');
  const timeZone = useCustomerTimeZone();
  const [refundedBefore, refundedAfter] = aroundAmount('billing.receipt.refundedInAll', {}, formatMessage);
  return (
    <Card className="print:border-none print:bg-white print:text-black print:shadow-none" data-testid="receipt">
      <CardContent className="grid gap-6 p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-2xl font-extrabold">StreamPlus</p>
            <h1 className="text-lg font-bold">{t('billing.receipt.heading')}</h1>
          </div>
          <BillingStatusBadge status={receipt.status} />
        </div>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Fact term={t('billing.receipt.orderId')}>
            <span className="font-mono">{receipt.orderId}</span>
          </Fact>
          <Fact term={t('billing.receipt.date')}>{formatSubscriptionDate(receipt.createdAt, timeZone)}</Fact>
          <Fact term={t('billing.receipt.paymentMethod')}>{paymentMethodWords(receipt, t, formatMessage)}</Fact>
        </dl>
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">{t('billing.receipt.caption')}</caption>
          <thead>
            <tr className="border-b border-border text-start text-xs text-muted-foreground print:text-neutral-600">
              <th scope="col" className="pb-2 text-start font-medium">
                {t('billing.receipt.description')}
              </th>
              <th scope="col" className="w-28 pb-2 text-end font-medium">
                {t('billing.receipt.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line) => (
              <tr key={line.description} className="border-b border-border/60">
                <td className="py-2 pe-3 [overflow-wrap:anywhere]">
                  <LineDescription line={line} receipt={receipt} />
                </td>
                <td className="tabular py-2 text-end">{formatAmount(line.amount, receipt.currency, pageLocale())}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <SumRow label={t('billing.receipt.total')} amount={receipt.orderTotal} currency={receipt.currency} testId="receipt-total" spacing="pt-3" />
            {receipt.amount !== receipt.orderTotal && <SumRow label={t('billing.receipt.paid')} amount={receipt.amount} currency={receipt.currency} testId="receipt-paid" spacing="pt-1" />}
          </tfoot>
        </table>
        {receipt.status === 'failed' && <p className="text-sm">{t('billing.receipt.failed')}</p>}
        {receipt.status === 'part_paid' && <p className="text-sm">{t('billing.receipt.partPaid')}</p>}
        {receipt.refunds.length > 0 && (
          <section aria-labelledby="receipt-refunds" className="grid gap-2">
            <h2 id="receipt-refunds" className="font-bold">
              {t('billing.refunds')}
            </h2>
            <RefundList payment={receipt} />
            <p className="text-sm">
              {refundedBefore}
              <span className="tabular font-semibold">{formatAmount(receipt.refundedAmount, receipt.currency, pageLocale())}</span>
              {refundedAfter}
            </p>
          </section>
        )}
      </CardContent>
    </Card>
  );
}

function ReceiptMissing() {
  const t = useMessages('billing');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <FileQuestion className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-lg font-bold">{t('billing.receipt.notFound')}</h1>
        <p className="text-sm text-muted-foreground">{t('billing.receipt.notFoundHint')}</p>
        <Button asChild>
          <Link href="/account">{t('billing.receipt.backToAccount')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Not one of the customer's payments (404), or no order id at all (400: a mangled address). */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /account/receipts/:orderId: one payment's printable receipt. The navigation and the buttons
 * stay off the paper, and the page prints dark on white whatever the screen's theme.
 */
export function ReceiptView({ orderId }: { orderId: string }) {
  const t = useMessages('billing');
  const receipt = useReceipt(orderId);
  return (
    <div className="min-h-screen print:min-h-0 print:bg-white print:text-black">
      <div className="border-b border-border/60 bg-background/80 print:hidden">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-2 px-4">
          <BrandLogo compact />
          <div className="flex gap-2">
            <Button variant="outline" size="sm" asChild>
              <Link href="/account">
                <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
                {t('billing.receipt.myAccount')}
              </Link>
            </Button>
            {receipt.data && (
              <Button size="sm" onClick={() => window.print()}>
                <Printer aria-hidden="true" />
                {t('billing.receipt.print')}
              </Button>
            )}
          </div>
        </div>
      </div>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-3xl px-4 py-8 print:p-0" aria-busy={receipt.isPending}>
        {receipt.isPending ? (
          <div className="grid gap-4" data-testid="receipt-skeleton">
            <Skeleton className="h-10 w-48" />
            <Skeleton className="h-16" />
            <Skeleton className="h-40" />
          </div>
        ) : receipt.data ? (
          <ReceiptDocument receipt={receipt.data} />
        ) : isMissing(receipt.error) ? (
          <ReceiptMissing />
        ) : (
          <p className="text-sm text-destructive" role="alert">
            {t('billing.receipt.loadError')}
          </p>
        )}
      </main>
    </div>
  );
}

/** A sum under the receipt's lines, with its currency: the order's total, and what was paid when that differs. */
function SumRow({ label, amount, currency, testId, spacing }: { label: string; amount: string; currency: CurrencyCode; testId: string; spacing: 'pt-1' | 'pt-3' }) {
  return (
    <tr>
      <th scope="row" className={`${spacing} text-start font-bold`}>
        {label}
      </th>
      <td className={`tabular ${spacing} text-end font-bold`} data-testid={testId}>
        {formatAmount(amount, currency, pageLocale())} {currency}
      </td>
    </tr>
  );
}
