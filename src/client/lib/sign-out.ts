import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '../components/ui/use-toast';
import { api } from './api';
import { apiRoutes } from './api-routes';

// Apart from the session's query (session.ts): a guest's landing page never loads the
// mutation's code (decision 0082). The schema loads beside the call (decision 0024).
const signedOutSchema = () => import('#contract/accounts').then((contract) => contract.messageResponseSchema);

/** Sign out (spec section 2 "Account"): cached data cleared, home, 'Logged Out'; a failure is only logged. */
export function useSignOut() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(apiRoutes.logout, { method: 'POST', schema: signedOutSchema }),
    onSuccess: () => {
      queryClient.clear();
      navigate('/');
      toast({ title: 'Logged Out', description: 'You have been successfully logged out' });
    },
    onError: (error) => console.error('Logout failed', error),
  });
}
