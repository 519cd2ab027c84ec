import { LogOut, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/BrandLogo';
import { Button } from '../../components/ui/button';
import { useCurrentCustomer, useSignOut } from '../auth';
import { CartButton } from '../cart';
import { scrollToSection, SECTIONS } from './scroll';
import { SiteMenu } from './SiteMenu';

/** A signed-in customer's way to the account page, or Sign In / Sign Up for a guest. Below lg, Sign Out waits in the menu. */
function AccountLinks() {
  const customer = useCurrentCustomer();
  const signOut = useSignOut();
  if (customer.data) {
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
  return (
    <>
      <Button variant="ghost" size="sm" asChild>
        <Link href="/login">Sign In</Link>
      </Button>
      <Button size="sm" asChild>
        <Link href="/register">Sign Up</Link>
      </Button>
    </>
  );
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:px-4">
        <BrandLogo compact />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SECTIONS.map(({ id, label }) => (
            <Button key={id} variant="ghost" onClick={() => scrollToSection(id)}>
              {label}
            </Button>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <AccountLinks />
          <CartButton />
          <SiteMenu />
        </div>
      </div>
    </header>
  );
}
