import { t } from '../lib/i18n';

/** The id of every page's <main>, where 'Skip to content' leads. */
export const MAIN_ID = 'main-content';

/** The first stop of the Tab key on every page: straight past the header to the page's content. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[100] focus:rounded-lg focus:bg-card focus:px-4 focus:py-2 focus:font-semibold focus:text-foreground focus:shadow-2xl focus:outline-none focus:ring-2 focus:ring-ring"
    >
      {t('site.skipToContent')}
    </a>
  );
}
