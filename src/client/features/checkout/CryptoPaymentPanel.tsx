import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, FlaskConical, Loader2, RotateCcw, TriangleAlert, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
// Shown once the order is placed, so after the form's validator has loaded zod and the contract.
import { cryptoPaymentStatusSchema, type CryptoPayment, type SimulateCryptoPaymentRequest } from '#contract/crypto';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { api, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { CopyButton } from '../../components/ui/copy-button';
import type { Money } from '#domain/currencies';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';
import { messageParts } from '../../lib/message-parts';
import { amountText } from '../../lib/price-text';
import { useCryptoPaymentStatus } from './crypto-polling';

interface CryptoPaymentPanelProps {
  payment: CryptoPayment;
  /** The order's total in its currency, which the crypto amount pays (the provider converts it); a renewal invoice states its own. */
  orderTotal?: Money;
  /** The demo crypto provider is live: offer its simulator. */
  demo: boolean;
  onCompleted: () => void;
  /** Back to the form: to start over after a failed payment, or to choose another payment method. */
  onBack: () => void;
  onFailed: (failure: { title: string; description: string }) => void;
}

/** A QR code of the payment address, drawn in the browser (no third-party image host). */
function useQrCode(text: string): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 176, errorCorrectionLevel: 'M' }))
      .then((url) => current && setDataUrl(url))
      .catch((error: unknown) => console.error('QR code failed', error));
    return () => {
      current = false;
    };
  }, [text]);
  return dataUrl;
}

function Detail({ label, value, copyLabel, what, mono = false }: { label: string; value: string; copyLabel?: string; what?: string; mono?: boolean }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="flex min-h-10 items-center justify-between gap-2 rounded-lg border border-border bg-background/60 py-1 ps-3 pe-1">
        {/* An amount with its coin's code, or an address: left to right under an Arabic frame too (decision 0112). */}
        <span dir="ltr" className={mono ? 'break-all font-mono text-sm' : 'tabular font-semibold'}>
          {value}
        </span>
        {copyLabel && what && <CopyButton value={value} label={copyLabel} what={what} />}
      </dd>
    </div>
  );
}

/** The created crypto payment (spec section 4): what to send where, its status, and the demo's simulator. */
export function CryptoPaymentPanel({ payment, orderTotal, demo, onCompleted, onBack, onFailed }: CryptoPaymentPanelProps) {
  const qrCode = useQrCode(payment.payAddress);
  const currency = payment.payCurrency.toUpperCase();
  const { outcome, checkNow } = useCryptoPaymentStatus(payment.paymentId, (settled) => {
    if (settled === 'completed') onCompleted();
    else onFailed({ title: t('payment.failed.title'), description: t('payment.crypto.tryAgainOrSupport') });
  });
  const simulate = useMutation({
    mutationFn: (body: SimulateCryptoPaymentRequest) =>
      api(apiRoutes.demoSimulateCryptoPayment(payment.paymentId), { method: 'POST', body, schema: cryptoPaymentStatusSchema }),
    onSuccess: () => void checkNow(),
    onError: (error) => onFailed({ title: t('payment.crypto.errorTitle'), description: messageOr(error, t('payment.crypto.simulationFailed')) }),
  });

  if (outcome === 'failed') {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center" role="alert">
        <XCircle className="size-12 text-destructive" aria-hidden="true" />
        <p className="text-lg font-bold">{t('payment.crypto.notReceived')}</p>
        <p className="text-sm text-muted-foreground">{t('payment.crypto.failedText')}</p>
        <Button type="button" variant="outline" onClick={onBack}>
          <RotateCcw aria-hidden="true" /> {t('payment.crypto.tryAgain')}
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge variant="warning" role="status">
          <Loader2 className="size-3 animate-spin" aria-hidden="true" /> {t('payment.crypto.waiting')}
        </Badge>
        <span className="text-xs text-muted-foreground">{messageParts('payment.crypto.order', { orderId: <bdi>{payment.orderId}</bdi> })}</span>
      </div>
      <div className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
        <div className="mx-auto flex size-44 items-center justify-center rounded-xl bg-white p-2">
          {qrCode ? <img src={qrCode} alt={t('payment.crypto.qrAlt')} width={160} height={160} /> : <Loader2 className="size-6 animate-spin text-slate-400" aria-hidden="true" />}
        </div>
        <dl className="grid min-w-0 gap-3">
          {orderTotal && <Detail label={t('checkout.crypto.orderTotal')} value={amountText(orderTotal)} />}
          <Detail label={t('payment.crypto.amount')} value={`${payment.payAmount} ${currency}`} copyLabel={t('payment.crypto.copyAmount')} what={t('payment.crypto.amountWhat')} />
          <Detail label={t('payment.crypto.network')} value="Ethereum (ERC-20)" />
          <Detail
            label={formatMessage('payment.crypto.address', { currency })}
            value={payment.payAddress}
            copyLabel={t('payment.crypto.copyAddress')}
            what={t('payment.crypto.addressWhat')}
            mono
          />
        </dl>
      </div>
      <p className="flex gap-2 rounded-lg border border-warning/30 bg-warning/10 p-3 text-xs text-muted-foreground">
        <TriangleAlert className="size-4 shrink-0 text-warning" aria-hidden="true" />
        {formatMessage('payment.crypto.warning', { currency })}
      </p>
      <p className="text-sm text-muted-foreground">
        {t('payment.crypto.autoCheck')}
      </p>
      {demo && (
        <div className="grid gap-3 rounded-xl border border-dashed border-accent/50 bg-accent/5 p-4" role="group" aria-label={t('payment.crypto.demoGroup')}>
          <p className="flex items-center gap-2 text-sm font-semibold text-accent">
            <FlaskConical className="size-4" aria-hidden="true" /> {t('payment.crypto.demoTitle')}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" variant="secondary" className="h-auto min-h-10 whitespace-normal" disabled={simulate.isPending} onClick={() => simulate.mutate({ status: 'finished' })}>
              {t('payment.crypto.simulateReceived')}
            </Button>
            <Button type="button" variant="outline" className="h-auto min-h-10 whitespace-normal" disabled={simulate.isPending} onClick={() => simulate.mutate({ status: 'expired' })}>
              {t('payment.crypto.simulateExpired')}
            </Button>
          </div>
        </div>
      )}
      <Button type="button" variant="ghost" className="justify-self-start" onClick={onBack}>
        <ArrowLeft className="rtl:rotate-180" aria-hidden="true" /> {t('payment.crypto.changeMethod')}
      </Button>
    </div>
  );
}
