import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { output, ZodType } from 'zod';
import { createdTicketSchema, TICKET_TOKEN_HEADER, ticketDetailSchema, ticketListSchema } from '#contract/support';
import { api, getQueryFn, parse, send } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';

/** An emailed link's token goes in a header, never in the API's address (decision 0102). */
export const tokenHeaders = (token: string | null): Record<string, string> => (token ? { [TICKET_TOKEN_HEADER]: token } : {});

/**
 * A ticket's or a message's form with its images: multipart when there are files (the server
 * recognises each by its bytes), JSON otherwise, through the one send/parse of lib/api.
 */
export async function sendTicketForm<S extends ZodType>(route: string, fields: Record<string, string>, files: File[], token: string | null, schema: S): Promise<output<S>> {
  if (files.length === 0) return api(route, { method: 'POST', body: fields, headers: tokenHeaders(token), schema });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('attachments', file, file.name);
  const response = await send(route, { method: 'POST', body: form, headers: tokenHeaders(token) });
  return parse(route, response, schema);
}

export const useMyTickets = () => useQuery({ queryKey: queryKeys.supportTickets, queryFn: getQueryFn({ schema: ticketListSchema }) });

export function useTicket(ticketId: string | null, token: string | null) {
  return useQuery({
    queryKey: queryKeys.supportTicket(ticketId ?? '', token),
    queryFn: () => api(apiRoutes.supportTicket(ticketId!), { headers: tokenHeaders(token), schema: ticketDetailSchema }),
    enabled: ticketId !== null,
    refetchInterval: 30_000,
  });
}

export function useNewTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, files }: { fields: Record<string, string>; files: File[] }) => sendTicketForm(apiRoutes.supportTickets, fields, files, null, createdTicketSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.supportTickets }),
  });
}

/** The customer's reply, "this solved it" and a rating: each answers the ticket as it now is. */
export function useTicketActions(ticketId: string, token: string | null) {
  const client = useQueryClient();
  const done = (detail: unknown) => {
    client.setQueryData(queryKeys.supportTicket(ticketId, token), detail);
    void client.invalidateQueries({ queryKey: queryKeys.supportTickets });
  };
  return {
    reply: useMutation({
      mutationFn: ({ message, files }: { message: string; files: File[] }) => sendTicketForm(apiRoutes.supportTicketMessages(ticketId), { message }, files, token, ticketDetailSchema),
      onSuccess: done,
    }),
    resolve: useMutation({
      mutationFn: () => api(apiRoutes.supportTicketResolve(ticketId), { method: 'POST', body: {}, headers: tokenHeaders(token), schema: ticketDetailSchema }),
      onSuccess: done,
    }),
    rate: useMutation({
      mutationFn: (score: number) => api(apiRoutes.supportTicketRating(ticketId), { method: 'POST', body: { score }, headers: tokenHeaders(token), schema: ticketDetailSchema }),
      onSuccess: done,
    }),
  };
}

/** An attachment as an object URL: a link holder's request carries the token header an <img> cannot send. */
export async function attachmentUrl(route: string, token: string | null): Promise<string> {
  const response = await send(route, { headers: tokenHeaders(token) });
  return URL.createObjectURL(await response.blob());
}
