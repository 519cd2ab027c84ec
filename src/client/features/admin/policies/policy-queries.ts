import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPolicyListSchema, adminPolicySchema, policyPreviewSchema } from '#contract/policies';
import type { PolicyName } from '#contract/policy-paths';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';

/** Every policy with its current text and versions (decision 0097). */
export function usePolicies() {
  return useQuery({ queryKey: adminKeys.policies, queryFn: () => api(adminApiRoutes.policies, { schema: adminPolicyListSchema }) });
}

/** A draft rendered by the server, as its page would show it; and the edit that makes it the next version. */
export function usePolicyActions() {
  const queryClient = useQueryClient();
  const preview = useMutation({
    mutationFn: (markdown: string) => api(adminApiRoutes.policyPreview, { method: 'POST', body: { markdown }, schema: policyPreviewSchema }),
    onError: (error) => toast({ title: 'No Preview', description: messageOr(error, 'The preview could not be made. Please try again.'), variant: 'destructive' }),
  });
  const save = useMutation({
    mutationFn: ({ name, markdown }: { name: PolicyName; markdown: string }) => api(adminApiRoutes.policy(name), { method: 'PUT', body: { markdown }, schema: adminPolicySchema }),
    onSuccess: (policy) => toast({ title: 'Policy Saved', description: `${policy.title}: version ${policy.version} is live.` }),
    onError: (error) => toast({ title: 'Policy Not Saved', description: messageOr(error, 'The policy could not be saved. Please try again.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.policies }),
  });
  return { preview, save };
}

export type PolicyActions = ReturnType<typeof usePolicyActions>;
