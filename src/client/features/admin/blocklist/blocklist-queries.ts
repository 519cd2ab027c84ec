import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  blockBuyerResponseSchema,
  blocklistEntryListSchema,
  blocklistEntrySchema,
  blocklistRemovalSchema,
  type BlockBuyerResponse,
  type NewBlocklistEntryRequest,
} from '#contract/admin-blocklist';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys, type ListPage } from '../../../lib/admin-query-keys';
import { LIST_POLL_MS, listUrl, useRevalidated } from '../shared/use-admin-queries';

/** One page of the blocklist, newest first, one kind or all (''). */
export function useBlocklist(page: ListPage, kind: string) {
  return useRevalidated(adminKeys.blocklistPage(page, kind), () => listUrl(adminApiRoutes.blocklist, page, false, { kind }), blocklistEntryListSchema, LIST_POLL_MS);
}

const failed = (title: string, fallback: string) => (error: unknown) => toast({ title, description: messageOr(error, fallback), variant: 'destructive' });

/** Add and delete, each told by a toast and followed by a fresh list. */
export function useBlocklistActions() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: adminKeys.blocklist });
  const add = useMutation({
    mutationFn: (entry: NewBlocklistEntryRequest) => api(adminApiRoutes.blocklist, { method: 'POST', body: entry, schema: blocklistEntrySchema }),
    onSuccess: (entry) => toast({ title: 'Entry Added', description: `${entry.value} is now blocked.` }),
    onError: failed('Entry Not Added', 'The entry could not be added. Please try again.'),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (entryId: string) => api(adminApiRoutes.blocklistEntry(entryId), { method: 'DELETE', schema: blocklistRemovalSchema }),
    onSuccess: ({ message }) => toast({ title: 'Entry Removed', description: message }),
    onError: failed('Entry Not Removed', 'The entry could not be removed. Please try again.'),
    onSettled: settled,
  });
  return { add, remove };
}

/** "Block this buyer" of an order: what it added is shown where it was asked, and the list is fresh. */
export function useBlockBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }): Promise<BlockBuyerResponse> =>
      api(adminApiRoutes.blockBuyer(orderId), { method: 'POST', body: { reason }, schema: blockBuyerResponseSchema }),
    onSuccess: ({ message }) => toast({ title: 'Buyer Blocked', description: message }),
    onError: failed('Buyer Not Blocked', 'The buyer could not be blocked. Please try again.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.blocklist }),
  });
}
