import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { twoFactorEnableSchema, twoFactorSetupSchema, twoFactorStatusSchema } from '#contract/admin-two-factor';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';

const routes = adminApiRoutes.twoFactor;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: adminKeys.twoFactor, queryFn: () => api(routes.status, { schema: twoFactorStatusSchema }), retry: false });
}

/** Setup, confirmation and turning off, each refused in the server's words by a toast. */
export function useTwoFactorActions() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: adminKeys.twoFactor });
  const failed = (title: string, fallback: string) => (error: unknown) => toast({ title, description: messageOr(error, fallback), variant: 'destructive' });

  const setup = useMutation({
    mutationFn: () => api(routes.setup, { method: 'POST', schema: twoFactorSetupSchema }),
    onError: failed('Setup Not Started', 'Two-factor setup could not start. Please try again.'),
  });
  const enable = useMutation({
    mutationFn: (code: string) => api(routes.enable, { method: 'POST', body: { code }, schema: twoFactorEnableSchema }),
    onSuccess: () => toast({ title: 'Two-Factor Sign-In On' }),
    onError: failed('Not Turned On', 'The code could not be checked. Please try again.'),
    onSettled: settled,
  });
  const disable = useMutation({
    mutationFn: (proof: { password: string; code: string }) => api(routes.disable, { method: 'POST', body: proof, schema: twoFactorStatusSchema }),
    onSuccess: () => toast({ title: 'Two-Factor Sign-In Off' }),
    onError: failed('Not Turned Off', 'Two-factor sign-in could not be turned off. Please try again.'),
    onSettled: settled,
  });
  return { setup, enable, disable };
}
export type TwoFactorActions = ReturnType<typeof useTwoFactorActions>;
