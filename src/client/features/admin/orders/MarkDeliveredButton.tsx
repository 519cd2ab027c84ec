import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { OwedGiftCard } from '#contract/admin-orders';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import { useGiftCardDelivery } from './use-gift-card-delivery';

/** The code and note fields, both optional; the server trims them and refuses control characters. */
function DeliveryForm({ card, onDone }: { card: OwedGiftCard; onDone: () => void }) {
  const delivery = useGiftCardDelivery({ onDone });
  const [code, setCode] = useState('');
  const [note, setNote] = useState('');
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        delivery.mutate({ orderId: card.orderId, delivered: true, code, note });
      }}
    >
      <FormField id="gift-card-code" label="Gift card code (optional)">
        <Input id="gift-card-code" className="font-mono" value={code} maxLength={100} autoComplete="off" onChange={(event) => setCode(event.target.value)} />
      </FormField>
      <p className="-mt-2 text-xs text-muted-foreground">The buyer sees the code under Gift Cards Received in their account.</p>
      <FormField id="gift-card-note" label="Note for the admins (optional)">
        <Input id="gift-card-note" value={note} maxLength={500} autoComplete="off" onChange={(event) => setNote(event.target.value)} />
      </FormField>
      {/* The queue's spinner, as before this dialog: the same icons per page keep the landing page's chunks as they are (decision 0024). */}
      {delivery.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Marking the gift card delivered...
        </p>
      )}
      <FormDialogFooter pending={delivery.isPending} label="Mark Delivered" pendingLabel="Marking..." />
    </form>
  );
}

/** 'Mark Delivered' of one owed gift card: a dialog for its code and a note, both optional; it can be undone that day from the order. */
export function MarkDeliveredButton({ card }: { card: OwedGiftCard }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className="mt-3 w-full sm:w-auto">
          Mark Delivered
          <span className="sr-only">: gift card of order {card.orderId}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Deliver Gift Card</DialogTitle>
          <DialogDescription>
            {card.giftCard} for <span className="break-all font-mono">{card.orderId}</span>
          </DialogDescription>
        </DialogHeader>
        {open && <DeliveryForm card={card} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
