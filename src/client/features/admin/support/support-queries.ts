import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminTicketDetailSchema,
  adminTicketListSchema,
  cannedReplySchema,
  goodwillResponseSchema,
  supportOverviewSchema,
  ticketDetailSchema,
  ticketSummarySchema,
  type TicketPatch,
} from '#contract/support';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';

/** The inbox and the overview are asked again this often: a new ticket shows, and is toasted, within it. */
const INBOX_POLL_MS = 30_000;

export function useTicketInbox(filters: Record<string, string>) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== '')).toString();
  return useQuery({
    queryKey: adminKeys.ticketList(filters),
    queryFn: () => api(query ? `${adminApiRoutes.tickets}?${query}` : adminApiRoutes.tickets, { schema: adminTicketListSchema }),
    refetchInterval: INBOX_POLL_MS,
  });
}

export const useSupportOverview = (enabled = true) =>
  useQuery({ queryKey: adminKeys.ticketsOverview, queryFn: () => api(adminApiRoutes.ticketsOverview, { schema: supportOverviewSchema }), refetchInterval: INBOX_POLL_MS, enabled });

export const useStaffTicket = (ticketId: string | null) =>
  useQuery({ queryKey: adminKeys.ticket(ticketId ?? ''), queryFn: () => api(adminApiRoutes.ticket(ticketId!), { schema: adminTicketDetailSchema }), enabled: ticketId !== null });

export const useCannedReplies = () => useQuery({ queryKey: adminKeys.cannedReplies, queryFn: () => api(adminApiRoutes.cannedReplies, { schema: z.array(cannedReplySchema) }) });

const failed = (title: string) => (error: unknown) => toast({ title, description: messageOr(error, 'Please try again.'), variant: 'destructive' });

/** A ticket's staff actions, each told by a toast and followed by a fresh inbox and ticket. */
export function useTicketStaffActions(ticketId: string) {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: adminKeys.tickets });
  return {
    reply: useMutation({
      mutationFn: ({ message, internal }: { message: string; internal: boolean }) =>
        api(adminApiRoutes.ticketMessages(ticketId), { method: 'POST', body: { message, internal }, schema: ticketDetailSchema }),
      onSuccess: (_detail, { internal }) => toast({ title: internal ? 'Note Added' : 'Reply Sent', description: internal ? 'Only staff see this note.' : 'The customer was emailed.' }),
      onError: failed('Not Sent'),
      onSettled: settled,
    }),
    patch: useMutation({
      mutationFn: (patch: TicketPatch) => api(adminApiRoutes.ticket(ticketId), { method: 'PATCH', body: patch, schema: ticketSummarySchema }),
      onSuccess: () => toast({ title: 'Ticket Updated', description: 'The change is saved.' }),
      onError: failed('Not Updated'),
      onSettled: settled,
    }),
    goodwill: useMutation({
      mutationFn: ({ subscriptionId, days }: { subscriptionId: string; days: number }) =>
        api(adminApiRoutes.ticketGoodwill(ticketId), { method: 'POST', body: { subscriptionId, days }, schema: goodwillResponseSchema }),
      onSuccess: ({ message }) => toast({ title: 'Goodwill Added', description: message }),
      onError: failed('Goodwill Not Added'),
      onSettled: settled,
    }),
    device: useMutation({
      mutationFn: ({ deviceId, action }: { deviceId: string; action: string }) =>
        api(adminApiRoutes.ticketDeviceAction(ticketId, deviceId, action), { method: 'POST', body: {}, schema: z.record(z.string(), z.unknown()) }),
      onSuccess: () => toast({ title: 'Device Action Done', description: 'Recorded with the ticket number.' }),
      onError: failed('Device Action Failed'),
      onSettled: settled,
    }),
  };
}
