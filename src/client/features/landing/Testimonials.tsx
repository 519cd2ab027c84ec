import { Star } from 'lucide-react';
import { useMessages } from '../../lib/i18n';

/** Each customer's initials; their plan and words are messages (`.plan`, `.quote`). */
const TESTIMONIALS = ['JM', 'SR', 'DK'];

export function Testimonials() {
  const t = useMessages('landing');
  return (
    <section className="py-20" aria-labelledby="testimonials-title">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="testimonials-title" className="text-center text-3xl font-extrabold sm:text-4xl">{t('landing.testimonials.title')}</h2>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((initials) => (
            <figure key={initials} className="flex flex-col rounded-2xl border border-border bg-card p-6">
              <div className="flex gap-0.5 text-warning" role="img" aria-label={t('landing.testimonials.stars')}>
                {[0, 1, 2, 3, 4].map((i) => (
                  <Star key={i} className="size-4 fill-current" aria-hidden="true" />
                ))}
              </div>
              <blockquote className="mt-4 flex-1 text-sm leading-relaxed">“{t(`landing.testimonials.${initials.toLowerCase()}.quote`)}”</blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-accent-gradient text-sm font-bold text-white">{initials}</span>
                <span className="text-sm text-muted-foreground">{t(`landing.testimonials.${initials.toLowerCase()}.plan`)}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
