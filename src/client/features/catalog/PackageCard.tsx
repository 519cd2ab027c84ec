import { Check, Package as BoxIcon, Sparkles, Star } from 'lucide-react';
import type { Package } from '#contract/packages';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { t } from '../../lib/i18n';
import { messageParts } from '../../lib/message-parts';
import { cashbackText, priceText } from '../../lib/price-text';
import { cn } from '../../lib/utils';
import { isFreePackage } from '../../lib/use-packages';

interface PackageCardProps {
  pkg: Package;
  mostPopular: boolean;
  /** The day's trial budget is spent (decision 0101): the free package's button says so and does nothing. */
  trialsPaused: boolean;
  onChoose: (pkg: Package) => void;
}

export function PackageCard({ pkg, mostPopular, trialsPaused, onChoose }: PackageCardProps) {
  const free = isFreePackage(pkg);
  const paused = free && trialsPaused;
  // The owner writes a package's name and duration in English: each keeps its own direction
  // inside an Arabic sentence (decision 0112). messageParts, not the ICU formatter, so the
  // landing page's cards load no formatter (decision 0106).
  const duration = <bdi>{pkg.duration}</bdi>;
  return (
    <Card
      data-testid={`package-${pkg.id}`}
      className={cn(
        'relative flex flex-col p-6 transition-transform hover:-translate-y-1',
        mostPopular && 'border-2 border-primary shadow-violet-900/40 lg:-translate-y-3 lg:hover:-translate-y-4',
        free && 'border-accent/50',
      )}
    >
      {(free || mostPopular) && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 tracking-wide" variant={free ? 'success' : 'default'}>
          {free ? <Sparkles className="size-3" aria-hidden="true" /> : <Star className="size-3" aria-hidden="true" />}
          {t(free ? 'landing.package.freeTrialBadge' : 'landing.package.mostPopular')}
        </Badge>
      )}
      <h3 className="mt-2 flex items-center gap-2 text-lg font-bold">
        {pkg.requiresShipping && <BoxIcon className="size-5 text-accent" aria-hidden="true" />}
        {pkg.name}
      </h3>
      <p className="mt-3 flex flex-wrap items-baseline gap-1">
        <span className="tabular text-4xl font-extrabold">{priceText(pkg.price, pkg.currency)}</span>
        <span className="text-sm text-muted-foreground">{messageParts('landing.package.per', { duration })}</span>
      </p>
      <p className="mt-3 min-h-12 text-sm text-muted-foreground">
        {free
          ? messageParts('landing.package.trialText', { duration })
          : messageParts('landing.package.paidText', { duration, cashback: cashbackText(pkg.cashback) })}
      </p>
      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {pkg.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button
        className="mt-6 h-auto min-h-12 w-full whitespace-normal"
        size="lg"
        variant={free || mostPopular ? 'default' : 'secondary'}
        disabled={paused}
        onClick={() => onChoose(pkg)}
      >
        {paused
          ? t('site.trialsPaused.label')
          : free
            ? t('landing.package.startTrial')
            : messageParts('landing.package.choose', { name: <bdi>{pkg.name}</bdi> })}
      </Button>
      {paused && <p className="mt-2 text-center text-sm text-muted-foreground">{t('site.trialsPaused.note')}</p>}
    </Card>
  );
}
