import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emailPreferencesSchema, type EmailPreferences } from '#contract/mail';
import { api, getQueryFn } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';

export function useEmailPreferences() {
  return useQuery({ queryKey: queryKeys.emailPreferences, queryFn: getQueryFn({ schema: emailPreferencesSchema }) });
}

/** Saves the switch; the answer (the choice as stored) replaces the cached one. */
export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailPreferences) => api(apiRoutes.emailPreferences, { method: 'PATCH', body, schema: emailPreferencesSchema }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.emailPreferences, saved),
  });
}
