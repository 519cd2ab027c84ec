import { Loader2, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { REFUND_AMOUNT_ZERO, REFUND_NOTE_REQUIRED, refundTooLarge, type AdminOrderSummary } from '#contract/admin-orders';
import { formatMoney, parseMoney, type Cents } from '#domain/money';
import { refundableCents } from '#domain/refunds';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { fieldErrorId } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { messageOr } from '../../../lib/api';
import { formatAmount } from '../shared/admin-view';
import type { OrderActions } from './use-order-actions';

type Refundable = Pick<AdminOrderSummary, 'id' | 'paymentMethod' | 'paymentStatus' | 'totalAmount' | 'currency' | 'refundedAmount' | 'receivedAmount'>;

/** One key per request the admin means: the same press twice is one refund at the server (decision 0036). */
const newRequestKey = () => globalThis.crypto?.randomUUID?.() ?? `refund-${Date.now()}-${Math.random().toString(36).slice(2)}`;

const AMOUNT_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/** The amount typed, in cents, or why it cannot be refunded (the server's own words). */
function readAmount(text: string, order: Refundable, left: Cents): { cents: Cents } | { error: string } {
  const trimmed = text.trim();
  if (!AMOUNT_PATTERN.test(trimmed)) return { error: 'Amount must be an amount such as 12.34' };
  const cents = parseMoney(trimmed);
  if (cents === 0 && left > 0) return { error: REFUND_AMOUNT_ZERO };
  if (cents > left) return { error: refundTooLarge(order.id, left, order.currency) };
  return { cents };
}

/**
 * Asks before a refund, which cannot be undone: how much (all that is left unless the admin
 * says less; for a part-paid crypto order, only what actually arrived) and a note. A crypto
 * payment is sent back by hand outside the store, so its note says how (the server requires it).
 */
export function RefundDialog({ order, refund, onClose }: { order: Refundable | null; refund: OrderActions['refund']; onClose: () => void }) {
  // The dialog is remounted per order (its key), so its fields start from that order's figures.
  return order ? <RefundForm key={order.id} order={order} refund={refund} onClose={onClose} /> : <Dialog open={false} />;
}

function RefundForm({ order, refund, onClose }: { order: Refundable; refund: OrderActions['refund']; onClose: () => void }) {
  const left = refundableCents(order);
  // A refund is in the order's currency, as all its amounts are (decision 0105).
  const inOrderCurrency = (amount: Cents) => formatAmount(formatMoney(amount), order.currency);
  const [amount, setAmount] = useState(formatMoney(left));
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<{ field: 'amount' | 'note'; message: string } | null>(null);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const amountId = useId();
  const noteId = useId();
  const paidByCrypto = order.paymentMethod === 'crypto';
  // Waiting for review or honoured since: either way only what arrived can go back.
  const partPaid = order.receivedAmount !== null;
  const read = readAmount(amount, order, left);
  const cents = 'cents' in read ? read.cents : left;
  const full = cents === left;
  // The server's refusal of this very request, word for word; editing the request clears it.
  const serverError = refund.isError && refund.variables?.key === requestKey ? messageOr(refund.error, 'The order could not be refunded. Please try again.') : null;

  const change = (set: (value: string) => void) => (value: string) => {
    set(value);
    setFieldError(null);
    // Another amount or note is another request.
    setRequestKey(newRequestKey());
  };
  const confirm = () => {
    if ('error' in read) {
      setFieldError({ field: 'amount', message: read.error });
      document.getElementById(amountId)?.focus();
      return;
    }
    if (paidByCrypto && !note.trim()) {
      setFieldError({ field: 'note', message: REFUND_NOTE_REQUIRED });
      document.getElementById(noteId)?.focus();
      return;
    }
    const body = { ...(full ? {} : { amount: formatMoney(read.cents) }), ...(note.trim() ? { note: note.trim() } : {}) };
    refund.mutate({ orderId: order.id, body, key: requestKey }, { onSuccess: onClose });
  };
  const errorOf = (field: 'amount' | 'note') => (fieldError?.field === field ? fieldError.message : null);
  const describedBy = (id: string, field: 'amount' | 'note', hint?: string) => [errorOf(field) ? fieldErrorId(id) : null, hint].filter(Boolean).join(' ') || undefined;
  const amountHintId = `${amountId}-hint`;

  return (
    <Dialog open onOpenChange={(open) => !open && !refund.isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Refund this order?</DialogTitle>
          <DialogDescription>
            <span className="break-all font-mono">{order.id}</span>:{' '}
            {paidByCrypto
              ? `send ${inOrderCurrency(cents)} back to the buyer's wallet first; the store then records the refund.`
              : `${inOrderCurrency(cents)} goes back to the buyer through the payment provider.`}{' '}
            {full
              ? 'Its subscription is cancelled and its logins stop working. This cannot be undone.'
              : `The order stays paid and its subscription goes on; ${inOrderCurrency(left - cents)} will be left to refund. This cannot be undone.`}
          </DialogDescription>
        </DialogHeader>
        {partPaid && (
          <p className="rounded-lg border border-warning/40 bg-warning/10 p-2 text-sm" data-testid="refund-received">
            Received {inOrderCurrency(parseMoney(order.receivedAmount!))} of {inOrderCurrency(parseMoney(order.totalAmount))}: only what arrived can go back.
          </p>
        )}
        <div className="grid gap-2">
          <Label htmlFor={amountId}>Amount</Label>
          <Input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => change(setAmount)(event.target.value)}
            aria-invalid={errorOf('amount') ? true : undefined}
            aria-describedby={describedBy(amountId, 'amount', amountHintId)}
          />
          <p id={amountHintId} className="text-xs text-muted-foreground">
            {parseMoney(order.refundedAmount) > 0
              ? `${inOrderCurrency(left)} left to refund (${inOrderCurrency(parseMoney(order.refundedAmount))} refunded already).`
              : `Up to ${inOrderCurrency(left)}.`}
          </p>
          {errorOf('amount') && (
            <p id={fieldErrorId(amountId)} className="text-sm text-destructive">
              {errorOf('amount')}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={noteId}>{paidByCrypto ? 'How it was refunded' : 'Note (optional)'}</Label>
          <textarea
            id={noteId}
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => change(setNote)(event.target.value)}
            placeholder={paidByCrypto ? 'Sent 21.98 USDC back to 0x... on Nov 24' : 'Why, for the audit log'}
            aria-invalid={errorOf('note') ? true : undefined}
            aria-describedby={describedBy(noteId, 'note')}
            className="w-full rounded-lg border border-input bg-background/60 px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive"
          />
          {errorOf('note') && (
            <p id={fieldErrorId(noteId)} className="text-sm text-destructive">
              {errorOf('note')}
            </p>
          )}
        </div>
        {serverError && (
          <p role="alert" className="text-sm text-destructive" data-testid="refund-error">
            {serverError}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={refund.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={refund.isPending}>
            {refund.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
            {refund.isPending ? 'Refunding...' : `Refund ${inOrderCurrency(cents)}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
