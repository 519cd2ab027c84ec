import { Clock, Gift, Headphones, MonitorSmartphone, Tv, Zap } from 'lucide-react';

const FEATURES = [
  { icon: Tv, title: '18,000+ channels', text: 'Live sports, news, movies and kids channels from around the world, with a full program guide.' },
  { icon: Zap, title: '4K streams', text: 'Crisp 4K Ultra HD and Full HD streams on servers with 99.9% uptime.' },
  { icon: MonitorSmartphone, title: 'Up to 4 devices', text: 'Up to 4 devices per account. 1 device included, extra devices $5.99 each. Each login works on one device at a time.' },
  { icon: Gift, title: 'Gift card cashback', text: 'Up to $30 gift card cashback per subscription ($10-$30), one per subscription, from 24 popular brands.' },
  { icon: Headphones, title: '24/7 support', text: 'Real people ready to help you set up any device, any time of day.' },
  { icon: Clock, title: 'Fast activation', text: 'Card orders activate within 24 hours, crypto within 1 hour. Your gift card is emailed within 1-2 hours.' },
];

export function FeatureGrid() {
  return (
    <section id="features" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-7xl px-4">
        <h2 className="text-center text-3xl font-extrabold sm:text-4xl">Everything you want to watch</h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">Premium IPTV with the reliability of cable and none of the contracts.</p>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-border bg-card p-6">
              <span className="flex size-11 items-center justify-center rounded-xl bg-accent-gradient">
                <Icon className="size-5 text-white" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-bold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
