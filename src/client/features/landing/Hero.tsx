import { Gift, PlayCircle, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { scrollToSection } from './scroll';

const HERO_STATS = [
  { value: '18,000+', label: 'Live channels' },
  { value: '4K', label: 'Ultra HD streams' },
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
];

export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(139,92,246,0.25),transparent_60%)]" />
      <div className="relative mx-auto max-w-7xl px-4 pb-20 pt-16 text-center sm:pt-24">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-border bg-card/70 px-4 py-1.5 text-sm text-muted-foreground">
          <Gift className="size-4 text-accent" aria-hidden="true" />
          Up to $30 gift card cashback per subscription
        </p>
        <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight sm:text-6xl">
          Premium IPTV in <span className="text-accent-gradient">stunning 4K</span>, on every screen you own
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
          18,000+ channels and 100,000+ movies and series with 99.9% uptime and 24/7 support. Earn a $10-$30 gift card
          with every paid subscription.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={() => scrollToSection('packages')}>
            <PlayCircle /> View Packages
          </Button>
          {/* A link, so that it works in the HTML painted before the app's code has run (decision 0060). */}
          <Button size="lg" variant="outline" asChild>
            <Link href="/checkout?trial=true">
              <Sparkles /> Start Free Trial
            </Link>
          </Button>
        </div>
        <p className="mt-4 flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="size-4 text-success" aria-hidden="true" /> 36 hours free. No credit card required.
        </p>
        <dl className="mx-auto mt-14 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4">
          {HERO_STATS.map((stat) => (
            <div key={stat.label} className="rounded-2xl border border-border bg-card/70 p-4">
              <dt className="text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="tabular mt-1 text-2xl font-extrabold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
