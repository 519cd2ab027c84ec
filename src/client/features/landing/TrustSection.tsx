import { Bitcoin, CreditCard, Lock, ShieldCheck } from 'lucide-react';

const TRUST = [
  { icon: Lock, title: 'SSL encrypted', text: 'Every page and payment travels over an encrypted connection.' },
  { icon: CreditCard, title: 'PCI-compliant payments', text: 'Card details go straight to our PCI-compliant payment processor.' },
  { icon: Bitcoin, title: 'Crypto accepted', text: 'Pay with USDC on Ethereum if you prefer crypto.' },
  { icon: ShieldCheck, title: 'Your privacy', text: 'We never sell your data and only email you about your orders.' },
];

export function TrustSection() {
  return (
    <section className="border-y border-border bg-card/40 py-16" aria-labelledby="trust-title">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="trust-title" className="text-center text-2xl font-extrabold sm:text-3xl">Safe and secure checkout</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TRUST.map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex gap-4">
              <Icon className="size-8 shrink-0 text-success" aria-hidden="true" />
              <div>
                <h3 className="font-bold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
