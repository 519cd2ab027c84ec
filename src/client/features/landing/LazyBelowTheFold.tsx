import { lazy, Suspense } from 'react';

let belowTheFold: Promise<typeof import('./BelowTheFold')> | undefined;
/** One request for both parts, made when the page first renders them. */
const load = () => (belowTheFold ??= import('./BelowTheFold'));
const Sections = lazy(() => load().then((module) => ({ default: module.LaterSections })));
const Footer = lazy(() => load().then((module) => ({ default: module.SiteFooter })));

/*
 * The sections under the packages (features, testimonials, trust) and the footer: static
 * text and links below the fold, requested as the page first renders rather than preloaded
 * with it, so they are not part of the landing page's first JavaScript (decision 0082). They
 * arrive before the package cards, which wait for the packages' answer and its schema.
 */

export function LazyLaterSections() {
  return (
    <Suspense fallback={null}>
      <Sections />
    </Suspense>
  );
}

export function LazySiteFooter({ onOpenTutorial }: { onOpenTutorial: () => void }) {
  return (
    <Suspense fallback={null}>
      <Footer onOpenTutorial={onOpenTutorial} />
    </Suspense>
  );
}
