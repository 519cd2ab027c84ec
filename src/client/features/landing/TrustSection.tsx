import { Bitcoin, CreditCard, Lock, ShieldCheck } from 'lucide-react';
import { useMessages } from '../../lib/i18n';

/** Each point's icon and the key of its messages (`.title`, `.text`). */
const TRUST = [
  { icon: Lock, key: 'landing.trust.ssl' },
  { icon: CreditCard, key: 'landing.trust.pci' },
  { icon: Bitcoin, key: 'landing.trust.crypto' },
  { icon: ShieldCheck, key: 'landing.trust.privacy' },
];

export function TrustSection() {
  const t = useMessages('landing');
  return (
    <section className="border-y border-border bg-card/40 py-16" aria-labelledby="trust-title">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="trust-title" className="text-center text-2xl font-extrabold sm:text-3xl">{t('landing.trust.title')}</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TRUST.map(({ icon: Icon, key }) => (
            <div key={key} className="flex gap-4">
              <Icon className="size-8 shrink-0 text-success" aria-hidden="true" />
              <div>
                <h3 className="font-bold">{t(`${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`${key}.text`)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
