import { Loader2, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { REFUND_NOTE_REQUIRED, type AdminOrderSummary } from '#contract/admin-orders';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { fieldErrorId } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { dollars } from '../shared/admin-view';
import type { OrderActions } from './use-order-actions';

type Refundable = Pick<AdminOrderSummary, 'id' | 'paymentMethod' | 'totalAmount'>;

/**
 * Asks before a refund, which cannot be undone. A crypto payment is sent back by hand
 * outside the store, so the admin says how (the note the server requires for it).
 */
export function RefundDialog({ order, refund, onClose }: { order: Refundable | null; refund: OrderActions['refund']; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const noteId = useId();
  const crypto = order?.paymentMethod === 'crypto';

  const close = () => {
    setNote('');
    setNoteError(null);
    onClose();
  };
  const confirm = () => {
    if (!order) return;
    if (crypto && !note.trim()) {
      setNoteError(REFUND_NOTE_REQUIRED);
      document.getElementById(noteId)?.focus();
      return;
    }
    refund.mutate({ orderId: order.id, body: crypto ? { note: note.trim() } : {} }, { onSuccess: close });
  };

  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && !refund.isPending && close()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Refund this order?</DialogTitle>
          <DialogDescription>
            <span className="break-all font-mono">{order?.id}</span>:{' '}
            {crypto
              ? `send ${dollars(order?.totalAmount ?? '')} back to the buyer's wallet first; the store then marks the order refunded.`
              : `${dollars(order?.totalAmount ?? '')} goes back to the buyer through the payment provider.`}{' '}
            Its subscription is cancelled and its logins stop working. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {crypto && (
          <div className="grid gap-2">
            <Label htmlFor={noteId}>How it was refunded</Label>
            <textarea
              id={noteId}
              rows={3}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              placeholder="Sent 21.98 USDC back to 0x... on Nov 24"
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? fieldErrorId(noteId) : undefined}
              className="w-full rounded-lg border border-input bg-background/60 px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive"
            />
            {noteError && (
              <p id={fieldErrorId(noteId)} className="text-sm text-destructive">
                {noteError}
              </p>
            )}
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={refund.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={refund.isPending}>
            {refund.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
            {refund.isPending ? 'Refunding...' : `Refund ${dollars(order?.totalAmount ?? '')}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
