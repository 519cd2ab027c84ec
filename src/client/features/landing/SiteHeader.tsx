import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/BrandLogo';
import { Button } from '../../components/ui/button';
import { useCurrentCustomer } from '../../lib/session';
import { CartButton } from '../cart';
import { scrollToSection, SECTIONS } from './scroll';
import { SiteMenu } from './SiteMenu';

const SignedInLinks = lazy(() => import('./SignedInLinks').then((module) => ({ default: module.SignedInLinks })));

/** Sign In and Sign Up, for a guest and while the session is asked. */
function GuestLinks() {
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

/**
 * A signed-in customer's links (Account, Sign Out) come in a chunk of their own, asked for once
 * the session's answer names a customer: a guest's landing page never loads the sign-out's
 * code (decision 0082). Until they arrive, the header keeps what it showed while it asked.
 */
function AccountLinks() {
  const customer = useCurrentCustomer();
  if (!customer.data) return <GuestLinks />;
  return (
    <Suspense fallback={<GuestLinks />}>
      <SignedInLinks />
    </Suspense>
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
