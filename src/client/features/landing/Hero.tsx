import { Gift, PlayCircle, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { pageLocale, useMessages } from '../../lib/i18n';
import { scrollToSection } from './scroll';

/** The hero's figures, written with the page language's digits and separators (18.000+, 99,9 %). */
function heroStats(locale: string) {
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return [
    { value: `${number.format(18_000)}+`, label: 'landing.stats.channels' },
    { value: '4K', label: 'landing.stats.uhd' },
    { value: percent.format(0.999), label: 'landing.stats.uptime' },
    { value: '24/7', label: 'landing.stats.support' },
  ];
}

export function Hero() {
  const t = useMessages('landing');
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(139,92,246,0.25),transparent_60%)]" />
      <div className="relative mx-auto max-w-7xl px-4 pb-20 pt-16 text-center sm:pt-24">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-border bg-card/70 px-4 py-1.5 text-sm text-muted-foreground">
          <Gift className="size-4 text-accent" aria-hidden="true" />
          {t('landing.hero.badge')}
        </p>
        <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight sm:text-6xl">
          {t('landing.hero.titleStart')}
          <span className="text-accent-gradient">{t('landing.hero.titleAccent')}</span>
          {t('landing.hero.titleEnd')}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">{t('landing.hero.text')}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={() => scrollToSection('packages')}>
            <PlayCircle /> {t('landing.hero.viewPackages')}
          </Button>
          {/* A link, so that it works in the HTML painted before the app's code has run (decision 0060). */}
          <Button size="lg" variant="outline" asChild>
            <Link href="/checkout?trial=true">
              <Sparkles /> {t('landing.hero.startTrial')}
            </Link>
          </Button>
        </div>
        <p className="mt-4 flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="size-4 text-success" aria-hidden="true" /> {t('landing.hero.noCard')}
        </p>
        <dl className="mx-auto mt-14 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4">
          {heroStats(pageLocale()).map((stat) => (
            <div key={stat.label} className="rounded-2xl border border-border bg-card/70 p-4">
              <dt className="text-sm text-muted-foreground">{t(stat.label)}</dt>
              <dd className="tabular mt-1 text-2xl font-extrabold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
