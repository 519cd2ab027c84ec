import { toast } from '../../components/ui/use-toast';
import { errorStatus, serverMessage } from '../../lib/api';

const UNEXPECTED = 'An unexpected error occurred';

/** The card was refused: the payment provider's own message (spec section 8). */
export function reportPaymentFailed(message: string): void {
  toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
}

export function reportPaymentError(message?: string | null): void {
  toast({ title: 'Payment Error', description: message || UNEXPECTED, variant: 'destructive' });
}

/**
 * A failed demo confirmation: the demo card network answers 402 for a declined card and
 * 400 for a card it does not know, both the provider's word on the card; anything else
 * is an error of the payment itself.
 */
export function reportDemoConfirmError(error: unknown): void {
  const status = errorStatus(error);
  if (status === 402 || status === 400) reportPaymentFailed(serverMessage(error, 'Your card was declined.'));
  else reportPaymentError(status === null ? null : serverMessage(error, UNEXPECTED));
}
