import type { ReactNode } from 'react';
import { HeaderPlaceholder } from '../../components/HeaderPlaceholder';
import { MAIN_ID } from '../../components/SkipLink';
import { t } from '../../lib/i18n';

/** The checkout page's frame: its header above, then the page's title and whatever follows it. */
export function CheckoutFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      {header}
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:pt-10">
        <div className="mb-8">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('site.checkout.title')}</h1>
          <p className="mt-2 text-muted-foreground">{t('site.checkout.subtitle')}</p>
        </div>
        {children}
      </main>
    </div>
  );
}

export function CheckoutSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]" role="status" aria-label={t('site.checkout.loading')}>
      <div className="h-96 animate-pulse rounded-2xl bg-card" />
      <div className="h-72 animate-pulse rounded-2xl bg-card" />
    </div>
  );
}

/**
 * What /checkout shows while its page's code loads: the page's own frame, title and skeleton,
 * each where the page puts it, so the first paint comes with the app's shell and nothing
 * moves when the page arrives (decision 0024). The header's place is held at its height.
 */
export function CheckoutShell() {
  return (
    <CheckoutFrame header={<HeaderPlaceholder />}>
      <CheckoutSkeleton />
    </CheckoutFrame>
  );
}
