import { CircleAlert } from 'lucide-react';

/** A failure shown beside the button that failed, as well as in the toast. */
export function PaymentFailureNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex gap-2 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm text-foreground">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
