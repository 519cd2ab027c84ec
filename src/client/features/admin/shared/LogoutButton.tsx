import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { messageResponseSchema } from '#contract/accounts';
import { api } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/api-routes';

/** Ends the admin session and goes to /admin-login; a failed logout is only logged (spec section 8). */
export function LogoutButton() {
  const [, navigate] = useLocation();
  const logout = useMutation({
    mutationFn: () => api(adminApiRoutes.logout, { method: 'POST', schema: messageResponseSchema }),
    onError: (error) => console.error('Admin logout failed', error),
    // The sign-in page drops the cached admin data once this page has gone.
    onSettled: () => navigate('/admin-login'),
  });
  return (
    <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
      <LogOut aria-hidden="true" />
      Logout
    </Button>
  );
}
