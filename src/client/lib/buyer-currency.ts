import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '#domain/currencies';
import { currencyForLanguages } from '#domain/currency-regions';

/**
 * The currency the storefront shows and sends (decision 0108): the buyer's own choice, kept in
 * local storage; until they choose, the one of their browser's region. A currency the server
 * refused this visit (the owner turned it off) falls back to USD, which is never off.
 */
interface BuyerCurrencyState {
  chosen: CurrencyCode | null;
  refused: readonly CurrencyCode[];
  choose: (currency: CurrencyCode) => void;
  refuse: (currency: CurrencyCode) => void;
}

const useBuyerCurrencyStore = create<BuyerCurrencyState>()(
  persist(
    (set) => ({
      chosen: null,
      refused: [],
      // Choosing again is the buyer asking to try it again: the server may have turned it back on.
      choose: (currency) => set((state) => ({ chosen: currency, refused: state.refused.filter((code) => code !== currency) })),
      refuse: (currency) => set((state) => (state.refused.includes(currency) ? state : { refused: [...state.refused, currency] })),
    }),
    {
      name: 'buyer-currency',
      partialize: (state) => ({ chosen: state.chosen }),
      // A stored value another version wrote, or someone typed, is no choice.
      merge: (stored, current) => {
        const chosen = (stored as { chosen?: unknown } | undefined)?.chosen;
        return { ...current, chosen: isCurrencyCode(chosen) ? chosen : null };
      },
    },
  ),
);

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/** The currency to show, from the state: the choice, else the browser's region's; USD once refused. */
export function effectiveCurrency(state: Pick<BuyerCurrencyState, 'chosen' | 'refused'>, languages: readonly string[]): CurrencyCode {
  const wanted = state.chosen ?? currencyForLanguages(languages);
  return state.refused.includes(wanted) ? DEFAULT_CURRENCY : wanted;
}

/** The buyer's currency, re-rendering when they choose another or the server refuses it. */
export function useBuyerCurrency(): CurrencyCode {
  const chosen = useBuyerCurrencyStore((state) => state.chosen);
  const refused = useBuyerCurrencyStore((state) => state.refused);
  return effectiveCurrency({ chosen, refused }, browserLanguages());
}

/** The currencies the server refused this visit: the picker offers them no more. */
export function useRefusedCurrencies(): readonly CurrencyCode[] {
  return useBuyerCurrencyStore((state) => state.refused);
}

export const chooseCurrency = (currency: CurrencyCode) => useBuyerCurrencyStore.getState().choose(currency);
export const refuseCurrency = (currency: CurrencyCode) => useBuyerCurrencyStore.getState().refuse(currency);
