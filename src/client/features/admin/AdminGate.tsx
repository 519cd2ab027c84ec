import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { MAIN_ID } from '../../components/SkipLink';
import { toast } from '../../components/ui/use-toast';
import { SetUpFirst } from './account/SetUpFirst';
import { StoreTimeZone } from './shared/store-time-zone';
import { useAdminSession } from './shared/use-admin-queries';

/**
 * Shows an admin page only to a signed-in administrator; anyone else goes to /admin-login,
 * told 'Access Denied' where the spec says so (/admin-dashboard, section 6). The session's
 * answer names the store's time zone, which the pages below write their dates in.
 */
export function AdminGate({ announceDenial, children }: { announceDenial: boolean; children: ReactNode }) {
  const [, navigate] = useLocation();
  const session = useAdminSession();

  useEffect(() => {
    if (!session.isError) return;
    if (announceDenial) toast({ title: 'Access Denied', description: 'Please log in as admin to access this page', variant: 'destructive' });
    navigate('/admin-login', { replace: true });
  }, [session.isError, announceDenial, navigate]);

  if (!session.data || session.isError) {
    return (
      <main id={MAIN_ID} tabIndex={-1} className="flex min-h-screen items-center justify-center px-4 focus:outline-none">
        <p className="flex items-center gap-3 text-muted-foreground" role="status">
          <span className="size-5 animate-spin rounded-full border-2 border-muted border-t-primary" aria-hidden="true" />
          Authenticating...
        </p>
      </main>
    );
  }
  // A step the member owes comes first; the server refuses everything else until it is done (decision 0098).
  const owed = session.data.passwordChangeRequired ? 'passwordChange' : session.data.twoFactorSetupRequired ? 'twoFactorSetup' : null;
  return <StoreTimeZone value={session.data.store.timeZone}>{owed ? <SetUpFirst step={owed} /> : children}</StoreTimeZone>;
}
