import { CheckCircle2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';

/** Shown after a confirmed card payment by a customer who already has a password (spec section 4). */
export function OrderConfirmedDialog({ open, orderId, onContinue }: { open: boolean; orderId: string | null; onContinue: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onContinue()}>
      <DialogContent>
        <DialogHeader className="items-center pr-0 text-center">
          <CheckCircle2 className="size-14 text-success" aria-hidden="true" />
          <DialogTitle className="text-2xl">Order Confirmed</DialogTitle>
          <DialogDescription>
            Thank you for your purchase! Your subscription activates within 24 hours and your gift card is emailed within 1-2 hours.
          </DialogDescription>
        </DialogHeader>
        {orderId && (
          <p className="text-center text-sm text-muted-foreground">
            Order number <span className="font-mono text-foreground">{orderId}</span>
          </p>
        )}
        <DialogFooter className="sm:justify-center">
          <Button size="lg" className="w-full sm:w-auto" onClick={onContinue}>
            Continue
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
