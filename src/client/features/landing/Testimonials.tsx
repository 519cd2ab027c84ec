import { Star } from 'lucide-react';

const TESTIMONIALS = [
  { initials: 'JM', plan: '12 Months Premium', quote: 'The picture is sharper than my old cable box and the sports channels never buffer. The Amazon gift card arrived the same afternoon.' },
  { initials: 'SR', plan: '6 Months Premium', quote: 'Set up on our Fire TV and two phones in ten minutes. Support walked me through Tivimate at midnight.' },
  { initials: 'DK', plan: 'Streaming Box', quote: 'The box came in two days, plugged it in and everything just worked. Great value with the cashback.' },
];

export function Testimonials() {
  return (
    <section className="py-20" aria-labelledby="testimonials-title">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="testimonials-title" className="text-center text-3xl font-extrabold sm:text-4xl">Loved by cord-cutters</h2>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <figure key={t.initials} className="flex flex-col rounded-2xl border border-border bg-card p-6">
              <div className="flex gap-0.5 text-warning" role="img" aria-label="5 out of 5 stars">
                {[0, 1, 2, 3, 4].map((i) => (
                  <Star key={i} className="size-4 fill-current" aria-hidden="true" />
                ))}
              </div>
              <blockquote className="mt-4 flex-1 text-sm leading-relaxed">“{t.quote}”</blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-accent-gradient text-sm font-bold text-white">{t.initials}</span>
                <span className="text-sm text-muted-foreground">{t.plan}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
