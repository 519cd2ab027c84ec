import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Home, LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';

export function AccountHeader({ firstName }: { firstName: string }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      queryClient.clear();
      navigate('/');
      toast({ title: 'Logged Out', description: 'You have been successfully logged out' });
    },
    onError: (error) => console.error('Logout failed', error),
  });

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">My Account</h1>
        <p className="mt-1 text-muted-foreground">Welcome back, {firstName}!</p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" asChild>
          <Link href="/">
            <Home aria-hidden="true" />
            Home
          </Link>
        </Button>
        <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          {signOut.isPending ? 'Signing Out...' : 'Sign Out'}
        </Button>
      </div>
    </div>
  );
}
