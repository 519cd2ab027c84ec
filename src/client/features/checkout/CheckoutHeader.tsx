import { BrandLogo } from '../../components/BrandLogo';
import { ArrowLeft, Lock } from 'lucide-react';
import { useLocation } from 'wouter';
import { Suspense } from 'react';
import { CurrencyPicker } from '../../components/CurrencyPicker';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Button } from '../../components/ui/button';
import { useMessages } from '../../lib/i18n';

/**
 * The checkout's own slim header: the brand, a secure-checkout mark, the language switcher from
 * 640 px, the currency picker (decision 0108: on a phone too, as the prices below follow it) and
 * 'Back to Home'.
 */
export function CheckoutHeader() {
  const [, navigate] = useLocation();
  const t = useMessages('checkout');
  return (
    <header className="border-b border-border/60 bg-background/80 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <BrandLogo compact />
        <p className="hidden items-center gap-2 text-sm text-muted-foreground sm:flex">
          <Lock className="size-4 text-success" aria-hidden="true" /> {t('checkout.secure')}
        </p>
        <div className="flex items-center gap-2">
          <LanguageSwitcher className="hidden w-32 sm:flex" />
          <Suspense fallback={<div className="h-9 w-20" />}>
            <CurrencyPicker className="w-20" />
          </Suspense>
          <Button variant="ghost" size="sm" onClick={() => navigate('/')}>
            <ArrowLeft className="rtl:rotate-180" aria-hidden="true" /> {t('checkout.backHome')}
          </Button>
        </div>
      </div>
    </header>
  );
}
