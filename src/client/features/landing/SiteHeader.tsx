import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/BrandLogo';
import { Button } from '../../components/ui/button';
import { useMessages } from '../../lib/i18n';
import { useCurrentCustomer } from '../../lib/session';
import { whenIdle } from '../../lib/when-idle';
import { CartButton } from '../cart';
import { scrollToSection, SECTIONS } from './scroll';
import { SiteMenu } from './SiteMenu';

const LanguageSwitcher = lazy(() => import('../../components/LanguageSwitcher').then((module) => ({ default: module.LanguageSwitcher })));
const CurrencyPicker = lazy(() => import('../../components/CurrencyPicker').then((module) => ({ default: module.CurrencyPicker })));

/**
 * The language switcher and the currency picker from 1024 px (on a phone or tablet they are in
 * the menu's sheet): their code comes once the browser is idle, not in the landing page's first
 * JavaScript (decisions 0106, 0108), into places held at their widths so that nothing in the
 * header moves.
 */
function HeaderPickers() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => whenIdle(() => setMounted(true)), []);
  const languagePlace = <div className="hidden h-9 w-36 lg:block" />;
  const currencyPlace = <div className="hidden h-9 w-20 lg:block" />;
  if (!mounted) {
    return (
      <>
        {languagePlace}
        {currencyPlace}
      </>
    );
  }
  return (
    <>
      <Suspense fallback={languagePlace}>
        <LanguageSwitcher className="hidden w-36 lg:flex" />
      </Suspense>
      <Suspense fallback={currencyPlace}>
        <CurrencyPicker className="hidden w-20 lg:flex" />
      </Suspense>
    </>
  );
}

const SignedInLinks = lazy(() => import('./SignedInLinks').then((module) => ({ default: module.SignedInLinks })));

/** Sign In and Sign Up, for a guest and while the session is asked. */
function GuestLinks() {
  const t = useMessages('site');
  return (
    <>
      <Button variant="ghost" size="sm" asChild>
        <Link href="/login">{t('site.signIn')}</Link>
      </Button>
      <Button size="sm" asChild>
        <Link href="/register">{t('site.signUp')}</Link>
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
  const t = useMessages('site');
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:px-4">
        <BrandLogo compact />
        <nav aria-label={t('site.nav.main')} className="hidden items-center gap-1 md:flex">
          {SECTIONS.map(({ id, label }) => (
            <Button key={id} variant="ghost" onClick={() => scrollToSection(id)}>
              {t(label)}
            </Button>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <HeaderPickers />
          <AccountLinks />
          <CartButton />
          <SiteMenu />
        </div>
      </div>
    </header>
  );
}
