import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trialBudgetSchema, trialConversionSchema } from '#contract/trials';
import { toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';

export function useTrialBudget() {
  return useQuery({ queryKey: adminKeys.trialBudget, queryFn: () => api(adminApiRoutes.trialBudget, { schema: trialBudgetSchema }), staleTime: 0 });
}

export function useTrialConversion() {
  return useQuery({ queryKey: adminKeys.trialConversion, queryFn: () => api(adminApiRoutes.trialConversion, { schema: trialConversionSchema }), staleTime: 0 });
}

/** Sets the daily budget; a refusal is shown by the form under its field. */
export function useSetTrialBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dailyBudget: number) => api(adminApiRoutes.trialBudget, { method: 'PATCH', body: { dailyBudget }, schema: trialBudgetSchema }),
    onSuccess: (budget) => {
      queryClient.setQueryData(adminKeys.trialBudget, budget);
      toast({ title: 'Trial Budget Saved', description: budget.dailyBudget === 0 ? 'Free trials are paused until you raise it.' : `Up to ${budget.dailyBudget} free trials a day.` });
    },
  });
}
