import { BrandLogo } from '../../components/BrandLogo';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { CartButton } from '../cart/CartButton';
import { scrollToSection } from './scroll';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:px-4">
        <BrandLogo compact />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <Button variant="ghost" onClick={() => scrollToSection('packages')}>Packages</Button>
          <Button variant="ghost" onClick={() => scrollToSection('features')}>Features</Button>
          <Button variant="ghost" onClick={() => scrollToSection('support')}>Support</Button>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <Button variant="ghost" size="sm" asChild>
            <Link href="/login">Sign In</Link>
          </Button>
          <Button size="sm" asChild>
            <Link href="/register">Sign Up</Link>
          </Button>
          <CartButton />
        </div>
      </div>
    </header>
  );
}
