import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCurrencyListSchema, type CurrencyChange } from '#contract/admin-packages';
import { DEFAULT_CURRENCY } from '#domain/currencies';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';

// Here, not in the shared route and key lists, which the landing page's bundle carries (its budget, decision 0024).
const CURRENCIES = '/api/admin/currencies';
const CURRENCIES_KEY = [CURRENCIES];

/**
 * The currencies the store sells in, each with a switch (decision 0104): a currency turned off
 * is refused at checkout and left out of the landing page's choice; USD, the default, stays on.
 */
export function CurrencySwitches() {
  const queryClient = useQueryClient();
  const currencies = useQuery({ queryKey: CURRENCIES_KEY, queryFn: () => api(CURRENCIES, { schema: adminCurrencyListSchema }), staleTime: 0 });
  const change = useMutation({
    mutationFn: (body: CurrencyChange) => api(CURRENCIES, { method: 'PATCH', body, schema: adminCurrencyListSchema }),
    onSuccess: (list, { currency, enabled }) => {
      queryClient.setQueryData(CURRENCIES_KEY, list);
      toast({
        title: enabled ? 'Currency Turned On' : 'Currency Turned Off',
        description: enabled ? `Buyers can pay in ${currency} from the next checkout.` : `${currency} is no longer offered at checkout.`,
      });
    },
    onError: (error) => toast({ title: 'Currency Not Changed', description: messageOr(error, 'The currency could not be changed. Please try again.'), variant: 'destructive' }),
  });
  const refusal = change.isError ? messageOr(change.error, 'The currency could not be changed. Please try again.') : null;

  return (
    <section className="grid min-w-0 gap-3 rounded-2xl border border-border bg-card p-4" aria-labelledby="currencies-heading" data-testid="currency-switches">
      <div>
        <h2 id="currencies-heading" className="text-lg font-semibold">
          Currencies
        </h2>
        <p className="text-sm text-muted-foreground">Buyers pay in these, each from its own price list. A currency turned off is not offered at checkout.</p>
      </div>
      {currencies.isError ? (
        <p className="text-sm text-destructive" role="alert">
          The currencies could not be loaded.
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" aria-label="Currencies" aria-busy={currencies.isPending}>
          {(currencies.data ?? []).map(({ currency, enabled }) => {
            const labelId = `currency-${currency.toLowerCase()}`;
            const isDefault = currency === DEFAULT_CURRENCY;
            return (
              <li key={currency} className="flex min-w-0 items-center justify-between gap-3 rounded-xl border border-border p-3">
                <div className="min-w-0">
                  <p id={labelId} className="font-mono font-semibold">
                    {currency}
                  </p>
                  <p id={`${labelId}-note`} className="text-xs text-muted-foreground">
                    {isDefault ? 'The default currency: always on' : enabled ? 'On' : 'Off'}
                  </p>
                </div>
                <Switch
                  checked={enabled}
                  aria-labelledby={labelId}
                  aria-describedby={`${labelId}-note`}
                  disabled={isDefault || change.isPending}
                  onClick={() => change.mutate({ currency, enabled: !enabled })}
                />
              </li>
            );
          })}
        </ul>
      )}
      {refusal && (
        <p role="alert" className="text-sm text-destructive" data-testid="currency-error">
          {refusal}
        </p>
      )}
    </section>
  );
}
