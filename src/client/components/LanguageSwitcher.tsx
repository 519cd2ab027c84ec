import { useId } from 'react';
import { LOCALE_COOKIE, localizedPath, splitLocalePath } from '#domain/locale-paths';
import { SUPPORTED_LOCALES, isLocale, type Locale } from '#domain/locales';
import { pageLocale, t } from '../lib/i18n';
import { mergeClasses } from '../lib/class-merge';

/** Each language named in itself (español, العربية), by the browser's Intl: no catalogue needed. */
function autonym(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * Moves to the same page in another language and saves the choice (decision 0106): the cookie
 * outranks Accept-Language when the server picks a language for an unprefixed address. The page
 * loads anew, so the server sets <html lang dir> and writes the language's first messages.
 */
function switchTo(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
  const { path } = splitLocalePath(window.location.pathname);
  window.location.assign(`${localizedPath(locale, path)}${window.location.search}${window.location.hash}`);
}

/** The language switcher of the header, the phone's menu and the footer: a native select, labelled. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const id = useId();
  const current = pageLocale();
  return (
    <div className={mergeClasses('flex items-center gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        {t('site.language')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => isLocale(event.target.value) && event.target.value !== current && switchTo(event.target.value)}
        className="h-9 w-full min-w-0 rounded-md border border-border bg-background px-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {autonym(locale)}
          </option>
        ))}
      </select>
    </div>
  );
}
