import { LogOut, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { useSignOut } from '../../lib/sign-out';

/** A signed-in customer's way to the account page; below lg, Sign Out waits in the menu. */
export function SignedInLinks() {
  const signOut = useSignOut();
  return (
    <>
      <Button variant="ghost" size="sm" asChild>
        <Link href="/account">
          <UserRound aria-hidden="true" /> Account
        </Link>
      </Button>
      <Button variant="ghost" size="sm" className="hidden lg:inline-flex" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        <LogOut aria-hidden="true" />
        {signOut.isPending ? 'Signing Out...' : 'Sign Out'}
      </Button>
    </>
  );
}
