import { CheckCircle2, MailCheck } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';
import { messageParts } from '../../lib/message-parts';
import { renewalPaidText, useRenewalTimeZone } from './renewal-view';
import type { ConfirmedOrder, RenewalProgress } from './use-checkout-flow';

/** The thanks of a purchase, by how it was paid: a card activates within 24 hours, crypto within 1 hour. */
const THANKS = { card: 'payment.confirmed.card', crypto: 'payment.confirmed.crypto' } as const;

/**
 * Shown after a confirmed payment, by card or crypto, by a customer who already has a password
 * (spec section 4). A renewal says the date the subscription now runs to, not when it activates.
 */
export function OrderConfirmedDialog({ order, renewal, onContinue }: { order: ConfirmedOrder | null; renewal: RenewalProgress | null; onContinue: () => void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(isOpen) => !isOpen && onContinue()}>
      <DialogContent>
        <DialogHeader className="items-center pe-0 text-center">
          <CheckCircle2 className="size-14 text-success" aria-hidden="true" />
          <DialogTitle className="text-2xl">{t('payment.confirmed.title')}</DialogTitle>
          <DialogDescription>{renewal ? <RenewalThanks extendedTo={renewal.extendedTo} /> : t(THANKS[order?.paidBy ?? 'card'])}</DialogDescription>
        </DialogHeader>
        {order && (
          <div className="grid gap-2 text-center text-sm text-muted-foreground">
            <p>{messageParts('payment.confirmed.orderNumber', { orderId: <span className="break-all font-mono text-foreground">{order.orderId}</span> })}</p>
            <p className="flex items-center justify-center gap-2">
              <MailCheck className="size-4 shrink-0 text-accent" aria-hidden="true" /> {t('payment.confirmed.checkEmail')}
            </p>
          </div>
        )}
        <DialogFooter className="sm:justify-center">
          <Button size="lg" className="w-full sm:w-auto" onClick={onContinue}>
            {t('payment.confirmed.continue')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A renewal's thanks, dated in the customer's zone: its own component, so that a purchase's
 * checkout neither reads a time zone nor follows /api/auth/me while the dialog is closed
 * (decision 0054).
 */
function RenewalThanks({ extendedTo }: { extendedTo: string | null }) {
  return <>{formatMessage('payment.confirmed.renewal', { paidUntil: renewalPaidText(extendedTo, useRenewalTimeZone()) })}</>;
}
