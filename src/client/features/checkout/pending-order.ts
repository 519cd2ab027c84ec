/**
 * The pending-order record of spec section 4: kept in local storage while a new customer
 * pays by card, so that after the payment they are sent to set up their password.
 */
export const PENDING_ORDER_KEY = 'pendingOrder';

export interface PendingOrder {
  orderId: string;
  email: string;
}

export function savePendingOrder(record: PendingOrder): void {
  localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(record));
}

/** Reads and removes the record; null when there is none or it is unreadable. */
export function takePendingOrder(): PendingOrder | null {
  const text = localStorage.getItem(PENDING_ORDER_KEY);
  if (text === null) return null;
  localStorage.removeItem(PENDING_ORDER_KEY);
  try {
    const record = JSON.parse(text) as Partial<PendingOrder>;
    return typeof record.orderId === 'string' && typeof record.email === 'string' ? { orderId: record.orderId, email: record.email } : null;
  } catch {
    return null;
  }
}

export function clearPendingOrder(): void {
  localStorage.removeItem(PENDING_ORDER_KEY);
}

/** Where a buyer without a password goes after paying (spec section 2's /password-setup). */
export function passwordSetupPath({ email, orderId }: PendingOrder): string {
  return `/password-setup?${new URLSearchParams({ email, orderId })}`;
}

/** The PaymentIntent id is the client secret's part before '_secret_' (spec section 7). */
export function paymentIntentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0]!;
}
