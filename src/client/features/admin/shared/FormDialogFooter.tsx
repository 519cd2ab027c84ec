import { Button } from '../../../components/ui/button';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog';

interface FormDialogFooterProps {
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** A second step's own action instead of submitting the form (a confirmation); its label may be long, so it wraps. */
  onConfirm?: () => void;
}

/** Cancel, and the form's submit button, which shows its pending label and cannot be pressed twice. */
export function FormDialogFooter({ pending, label, pendingLabel, onConfirm }: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      {onConfirm ? (
        <Button type="button" variant="destructive" disabled={pending} onClick={onConfirm} className="h-auto min-h-10 whitespace-normal [overflow-wrap:anywhere]">
          {pending ? pendingLabel : label}
        </Button>
      ) : (
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : label}
        </Button>
      )}
    </DialogFooter>
  );
}
