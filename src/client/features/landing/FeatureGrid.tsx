import { Clock, Gift, Headphones, MonitorSmartphone, Tv, Zap } from 'lucide-react';
import { useBuyerCurrency } from '../../lib/buyer-currency';
import { useMessages } from '../../lib/i18n';
import { deviceFeeSentence } from './device-fee-sentence';

/** Each feature's icon and the key of its messages (`.title`, `.text`; a text may name the device fee). */
const FEATURES = [
  { icon: Tv, key: 'landing.features.channels' },
  { icon: Zap, key: 'landing.features.uhd' },
  { icon: MonitorSmartphone, key: 'landing.features.devices' },
  { icon: Gift, key: 'landing.features.cashback' },
  { icon: Headphones, key: 'landing.features.support' },
  { icon: Clock, key: 'landing.features.activation' },
];

export function FeatureGrid() {
  const t = useMessages('landing');
  const currency = useBuyerCurrency();
  return (
    <section id="features" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-7xl px-4">
        <h2 className="text-center text-3xl font-extrabold sm:text-4xl">{t('landing.features.title')}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{t('landing.features.text')}</p>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, key }) => (
            <div key={key} className="rounded-2xl border border-border bg-card p-6">
              <span className="flex size-11 items-center justify-center rounded-xl bg-accent-gradient">
                <Icon className="size-5 text-white" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-bold">{t(`${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{deviceFeeSentence(`${key}.text`, currency)}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
