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
import { t } from '../../lib/i18n';
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
        <span className={mono ? 'break-all font-mono text-sm' : 'tabular font-semibold'}>{value}</span>
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
    else onFailed({ title: 'Payment Failed', description: 'Please try again or contact support' });
  });
  const simulate = useMutation({
    mutationFn: (body: SimulateCryptoPaymentRequest) =>
      api(apiRoutes.demoSimulateCryptoPayment(payment.paymentId), { method: 'POST', body, schema: cryptoPaymentStatusSchema }),
    onSuccess: () => void checkNow(),
    onError: (error) => onFailed({ title: 'Error', description: messageOr(error, 'The simulation failed') }),
  });

  if (outcome === 'failed') {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center" role="alert">
        <XCircle className="size-12 text-destructive" aria-hidden="true" />
        <p className="text-lg font-bold">Payment Not Received</p>
        <p className="text-sm text-muted-foreground">This crypto payment failed or expired. Please try again or contact support.</p>
        <Button type="button" variant="outline" onClick={onBack}>
          <RotateCcw aria-hidden="true" /> Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge variant="warning" role="status">
          <Loader2 className="size-3 animate-spin" aria-hidden="true" /> Waiting for payment
        </Badge>
        <span className="text-xs text-muted-foreground">Order {payment.orderId}</span>
      </div>
      <div className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
        <div className="mx-auto flex size-44 items-center justify-center rounded-xl bg-white p-2">
          {qrCode ? <img src={qrCode} alt="QR code of the payment address" width={160} height={160} /> : <Loader2 className="size-6 animate-spin text-slate-400" aria-hidden="true" />}
        </div>
        <dl className="grid min-w-0 gap-3">
          {orderTotal && <Detail label={t('checkout.crypto.orderTotal')} value={amountText(orderTotal)} />}
          <Detail label="Amount to send" value={`${payment.payAmount} ${currency}`} copyLabel="Copy amount" what="Amount" />
          <Detail label="Network" value="Ethereum (ERC-20)" />
          <Detail label={`${currency} address`} value={payment.payAddress} copyLabel="Copy address" what="Address" mono />
        </dl>
      </div>
      <p className="flex gap-2 rounded-lg border border-warning/30 bg-warning/10 p-3 text-xs text-muted-foreground">
        <TriangleAlert className="size-4 shrink-0 text-warning" aria-hidden="true" />
        Send exactly this amount of {currency} on the Ethereum network (ERC-20). Other tokens or networks cannot be credited.
      </p>
      <p className="text-sm text-muted-foreground">
        This page checks for your payment automatically and updates once it is confirmed on the blockchain.
      </p>
      {demo && (
        <div className="grid gap-3 rounded-xl border border-dashed border-accent/50 bg-accent/5 p-4" role="group" aria-label="Demo crypto payment">
          <p className="flex items-center gap-2 text-sm font-semibold text-accent">
            <FlaskConical className="size-4" aria-hidden="true" /> Demo mode: no real crypto is sent
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" variant="secondary" className="h-auto min-h-10 whitespace-normal" disabled={simulate.isPending} onClick={() => simulate.mutate({ status: 'finished' })}>
              Simulate payment received
            </Button>
            <Button type="button" variant="outline" className="h-auto min-h-10 whitespace-normal" disabled={simulate.isPending} onClick={() => simulate.mutate({ status: 'expired' })}>
              Simulate payment expired
            </Button>
          </div>
        </div>
      )}
      <Button type="button" variant="ghost" className="justify-self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" /> Change payment method
      </Button>
    </div>
  );
}
