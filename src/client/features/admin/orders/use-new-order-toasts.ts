import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PurchaseNotification } from '#contract/admin';
import { toast } from '../../../components/ui/use-toast';
import { adminKeys } from '../../../lib/admin-query-keys';
import { formatAmount } from '../shared/admin-view';
import { FIRST_PAGE } from '../shared/use-list-page';
import { usePurchaseNotifications } from './order-queries';

function announce(fresh: PurchaseNotification[]): void {
  const [newest] = fresh;
  if (!newest) return;
  const more = fresh.length - 1;
  toast({
    title: `New order ${newest.orderId}`,
    description: `${newest.packageName}, ${formatAmount(newest.totalAmount, newest.currency)}${more > 0 ? `, and ${more} more ${more === 1 ? 'order' : 'orders'}` : ''}`,
  });
}

/**
 * Toasts 'New order SP-...' when a poll of the newest purchase notifications shows an order
 * paid since the page loaded. It watches the notifications' first page, newest first: the
 * same query (and so the same poll) as the notifications tab shows until the admin pages or
 * searches it. The first answer is what was there already, and is not announced. An order
 * is told apart by its id, not its time: a notification's time is its transaction's start,
 * so one committed late may sort below one seen already, yet it is new all the same.
 */
export function useNewOrderToasts(): void {
  const queryClient = useQueryClient();
  const newest = usePurchaseNotifications(FIRST_PAGE).data?.data;
  // The orders of the first answer and every one announced since; null before the first answer.
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!newest) return;
    if (!seen.current) {
      seen.current = new Set(newest.map((notification) => notification.orderId));
      return;
    }
    const known = seen.current;
    const fresh = newest.filter((notification) => !known.has(notification.orderId));
    if (fresh.length === 0) return;
    for (const notification of fresh) known.add(notification.orderId);
    announce(fresh);
    // The badges count the gift card and the box the new order may owe.
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
  }, [newest, queryClient]);
}
