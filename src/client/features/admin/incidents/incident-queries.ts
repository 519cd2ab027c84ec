import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminIncidentListSchema, adminIncidentSchema, incidentActionSchema, type IncidentAction } from '#contract/admin-incidents';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys, type ListPage } from '../../../lib/admin-query-keys';
import { LIST_POLL_MS, listUrl, useRevalidated } from '../shared/use-admin-queries';

export function useIncidents(page: ListPage) {
  return useRevalidated(adminKeys.incidentPage(page), () => listUrl(adminApiRoutes.incidents, page, false), adminIncidentListSchema, LIST_POLL_MS);
}

/** One incident, asked again while it is open: a compensation's panel lines finish in the background. */
export function useIncident(incidentId: string) {
  return useQuery({
    queryKey: adminKeys.incident(incidentId),
    queryFn: () => api(adminApiRoutes.incident(incidentId), { schema: adminIncidentSchema }),
    refetchInterval: LIST_POLL_MS,
    retry: false,
  });
}

/** What the Post Incident form sends: `packages` null for every package. */
export interface IncidentDraft {
  title: string;
  message: string;
  packages: string[] | null;
  notify: boolean;
}

/** The section's three changes, each answered by a toast in the server's words and followed by a fresh list. */
export function useIncidentActions() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: adminKeys.incidents });
  const told = (title: string) => ({ message }: IncidentAction) => toast({ title, description: message });
  const failed = (title: string, fallback: string) => (error: unknown) => toast({ title, description: messageOr(error, fallback), variant: 'destructive' });

  const post = useMutation({
    mutationFn: (draft: IncidentDraft) => api(adminApiRoutes.incidents, { method: 'POST', body: draft, schema: incidentActionSchema }),
    onSuccess: told('Incident Posted'),
    onError: failed('Incident Not Posted', 'The incident could not be posted. Please try again.'),
    onSettled: settled,
  });
  const end = useMutation({
    mutationFn: (incidentId: string) => api(adminApiRoutes.incident(incidentId), { method: 'PATCH', body: { endedAt: new Date().toISOString() }, schema: incidentActionSchema }),
    onSuccess: told('Incident Ended'),
    onError: failed('Incident Not Ended', 'The incident could not be ended. Please try again.'),
    onSettled: settled,
  });
  const compensate = useMutation({
    mutationFn: ({ incidentId, days }: { incidentId: string; days: number }) =>
      api(adminApiRoutes.compensateIncident(incidentId), { method: 'POST', body: { days }, schema: incidentActionSchema }),
    onSuccess: told('Customers Compensated'),
    onError: failed('Not Compensated', 'The compensation could not be made. Please try again.'),
    onSettled: settled,
  });
  return { post, end, compensate };
}

export type IncidentActions = ReturnType<typeof useIncidentActions>;
