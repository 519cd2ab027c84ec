import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { cryptoInvoiceSchema, type CryptoInvoice } from '#contract/crypto';
import { BrandLogo } from '../../components/BrandLogo';
import { MAIN_ID } from '../../components/SkipLink';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { api, messageOr } from '../../lib/api';
import { pageLocale, t } from '../../lib/i18n';
import { messageParts } from '../../lib/message-parts';
import { priceText } from '../../lib/price-text';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CryptoPaymentPanel } from './CryptoPaymentPanel';
import { useStoreConfig } from './use-store-config';

// Here, not in the shared route list, which the landing page's bundle carries (its budget, decision 0024).
const invoiceRoute = (paymentId: string) => `/api/crypto-invoices/${encodeURIComponent(paymentId)}`;

/**
 * What the invoice renews, its day in the customer's zone as the reminder that links it writes it
 * (decisions 0074, 0075), in the page's language ('January 4, 2027' in English) and the invoice's currency; the package's
 * name kept whole in a right-to-left sentence.
 */
const renewalLine = ({ packageName, amount, currency, renewsUntil, timeZone }: CryptoInvoice['renewal']) =>
  messageParts('payment.invoice.renews', {
    packageName: <bdi>{packageName}</bdi>,
    amount: priceText(amount, currency),
    date: new Intl.DateTimeFormat(pageLocale(), { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(new Date(renewsUntil)),
  });

/**
 * /checkout?invoice=<payment id>: a crypto subscription's renewal invoice as the demo provider makes
 * it (decision 0046), the link of its renewal reminder. The checkout's payment panel,
 * paid the same way; NOWPayments' invoices are on its own page instead.
 */
export function CryptoInvoiceView({ paymentId }: { paymentId: string }) {
  const config = useStoreConfig();
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<'open' | 'paid' | { failed: string }>('open');
  const invoice = useQuery({
    queryKey: [invoiceRoute(paymentId)],
    queryFn: () => api(invoiceRoute(paymentId), { schema: cryptoInvoiceSchema }),
    retry: false,
  });
  useDocumentTitle(t('payment.invoice.pageTitle'));
  return (
    <main id={MAIN_ID} tabIndex={-1} className="flex min-h-screen flex-col items-center px-4 py-10">
      <BrandLogo className="mb-6 text-xl" />
      <Card className="w-full max-w-2xl">
        <CardHeader>
          <h1 className="text-2xl font-bold leading-tight tracking-tight">{t('payment.invoice.title')}</h1>
        </CardHeader>
        <CardContent>
          {invoice.isPending && (
            <p className="text-sm text-muted-foreground" role="status">
              {t('payment.invoice.loading')}
            </p>
          )}
          {invoice.isError && (
            <p className="text-sm text-muted-foreground" role="alert">
              {messageOr(invoice.error, t('payment.invoice.notFound'))}
            </p>
          )}
          {invoice.data && outcome === 'paid' && (
            <p className="text-sm" role="status">
              {t('payment.invoice.paid')}
            </p>
          )}
          {invoice.data && typeof outcome === 'object' && (
            <p className="text-sm text-muted-foreground" role="alert">
              {outcome.failed}
            </p>
          )}
          {invoice.data && outcome === 'open' && <p className="mb-4 text-sm">{renewalLine(invoice.data.renewal)}</p>}
          {invoice.data && outcome === 'open' && (
            <CryptoPaymentPanel
              payment={invoice.data}
              demo={config.data?.cryptoProvider === 'demo'}
              onCompleted={() => setOutcome('paid')}
              onBack={() => navigate('/account')}
              onFailed={({ description }) => setOutcome({ failed: description })}
            />
          )}
        </CardContent>
      </Card>
      <Link href="/account" className="mt-6 text-sm text-muted-foreground hover:text-foreground">
        {t('payment.invoice.account')}
      </Link>
    </main>
  );
}
