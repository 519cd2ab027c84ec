import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '../components/ui/use-toast';
import { api } from './api';
import { apiRoutes } from './api-routes';
import { t } from './i18n';

// Apart from the session's query (session.ts): a guest's landing page never loads the
// mutation's code (decision 0082). The schema loads beside the call (decision 0024).
const signedOutSchema = () => import('#contract/accounts').then((contract) => contract.messageResponseSchema);

/**
 * Sign out (spec section 2 "Account"): cached data cleared, home, 'Logged Out'; a failure is only
 * logged. Its toast is in `site`, which every page carries (decision 0115).
 */
export function useSignOut() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(apiRoutes.logout, { method: 'POST', schema: signedOutSchema }),
    onSuccess: () => {
      queryClient.clear();
      navigate('/');
      toast({ title: t('site.signedOut.title'), description: t('site.signedOut.text') });
    },
    onError: (error) => console.error('Logout failed', error),
  });
}
