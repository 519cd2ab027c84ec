import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { messageOr } from '../../lib/api';
import { useMessages } from '../../lib/i18n';

interface ActionDialogProps {
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** The last attempt's failure, said beside the button (and in a toast). */
  error: unknown;
  onConfirm: () => void;
  /** The dialog's fields, above its buttons. */
  children?: ReactNode;
}

/** The confirmation every device change goes through: what it does, Cancel, and the change's own button. */
export function ActionDialog({ onClose, title, description, confirmLabel, pendingLabel, destructive = false, pending, error, onConfirm, children }: ActionDialogProps) {
  const t = useMessages('devices');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!pending) onConfirm();
          }}
        >
          {children}
          {error !== null && error !== undefined && (
            <p className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm" role="alert">
              {messageOr(error, t('devices.changeFailed'))}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('devices.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
