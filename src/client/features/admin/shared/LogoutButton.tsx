import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { messageResponseSchema } from '#contract/accounts';
import { api } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';

/** Ends the admin session and goes to /admin-login; a failed logout is only logged (spec section 8). */
export function LogoutButton() {
  const [, navigate] = useLocation();
  const logout = useMutation({
    mutationFn: () => api(adminApiRoutes.logout, { method: 'POST', schema: messageResponseSchema }),
    onError: (error) => console.error('Admin logout failed', error),
    // The sign-in page drops the cached admin data once this page has gone.
    onSettled: () => navigate('/admin-login'),
  });
  // No icon: the log-out icon shared by both admin pages and the store's own pages regrouped the
  // icon chunks into the landing page's, past its JavaScript budget (decision 0024).
  return (
    <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
      Logout
    </Button>
  );
}
