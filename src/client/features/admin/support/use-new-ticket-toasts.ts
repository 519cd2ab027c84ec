import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { adminKeys } from '../../../lib/admin-query-keys';
import { useSupportOverview } from './support-queries';

/**
 * Toasts 'New ticket #1042' when a poll of the support overview shows a ticket newer than
 * the one seen when the page loaded, as a paid order is toasted (decision 0102). The first
 * answer is what was there already, and is not announced.
 */
export function useNewTicketToasts(enabled: boolean): void {
  const queryClient = useQueryClient();
  const newest = useSupportOverview(enabled).data?.newest;
  // The newest number seen (0: none); undefined before the first answer.
  const seen = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (newest === undefined) return;
    const number = newest?.number ?? 0;
    if (seen.current === undefined || number <= seen.current) {
      seen.current ??= number;
      return;
    }
    seen.current = number;
    toast({ title: `New ticket #${number}`, description: newest?.subject ?? '' });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    void queryClient.invalidateQueries({ queryKey: adminKeys.tickets });
  }, [newest, queryClient]);
}
