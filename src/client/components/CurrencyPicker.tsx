import { useId } from 'react';
import { isCurrencyCode, SUPPORTED_CURRENCIES } from '#domain/currencies';
import { chooseCurrency, useBuyerCurrency, useRefusedCurrencies } from '../lib/buyer-currency';
import { mergeClasses } from '../lib/class-merge';
import { useMessages } from '../lib/i18n';

/**
 * The currency picker of the header, the phone's menu and checkout's header: a native select,
 * labelled, like the language switcher beside it, listing ISO codes (narrow enough for the
 * header at 1024 px beside a signed-in customer's links). The choice is kept in this browser and
 * changes the prices on the page at once (decision 0108); a currency the server refused this
 * visit is offered no more.
 */
export function CurrencyPicker({ className }: { className?: string }) {
  const id = useId();
  const t = useMessages('currency');
  const current = useBuyerCurrency();
  const refused = useRefusedCurrencies();
  return (
    <div className={mergeClasses('flex items-center gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        {t('currency.label')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => isCurrencyCode(event.target.value) && chooseCurrency(event.target.value)}
        className="h-9 w-full min-w-0 rounded-md border border-border bg-background px-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {SUPPORTED_CURRENCIES.filter((currency) => currency === current || !refused.includes(currency)).map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </select>
    </div>
  );
}
