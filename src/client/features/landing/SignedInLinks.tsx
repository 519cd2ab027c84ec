import { LogOut, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { useMessages } from '../../lib/i18n';
import { useSignOut } from '../../lib/sign-out';

/** A signed-in customer's way to the account page; below lg, Sign Out waits in the menu. */
export function SignedInLinks() {
  const signOut = useSignOut();
  const t = useMessages('site');
  return (
    <>
      <Button variant="ghost" size="sm" asChild>
        <Link href="/account">
          <UserRound aria-hidden="true" /> {t('site.account')}
        </Link>
      </Button>
      <Button variant="ghost" size="sm" className="hidden lg:inline-flex" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        <LogOut aria-hidden="true" />
        {t(signOut.isPending ? 'site.signingOut' : 'site.signOut')}
      </Button>
    </>
  );
}
