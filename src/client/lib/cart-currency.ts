import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Package } from '#contract/packages';
import { FREE_PRICE } from '#domain/catalog';
import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import { toast } from '../components/ui/use-toast';
import { useBuyerCurrency } from './buyer-currency';
import { useCart, type CartItem } from './cart-store';
import { formatMessage } from './format-message';
import { preloadMessages, t } from './i18n';
import { packagesQuery } from './packages-query';

/** The currency of a cart item's price: a cart stored before currencies existed holds dollars. */
export const itemCurrency = (item: Pick<CartItem, 'currency'>): CurrencyCode => item.currency ?? DEFAULT_CURRENCY;

/**
 * The cart in `currency` (decision 0108): an item in another currency takes its price from
 * that currency's list (what the buyer chose about it stays: devices, gift card, renewal); the
 * free trial is free in every currency; an item that list does not sell is dropped, never
 * shown at a number of another currency.
 */
export function priceCartIn(items: readonly CartItem[], currency: CurrencyCode, packages: readonly Package[]): { items: CartItem[]; dropped: CartItem[] } {
  const priced: CartItem[] = [];
  const dropped: CartItem[] = [];
  for (const item of items) {
    if (itemCurrency(item) === currency) {
      priced.push(item);
      continue;
    }
    const listed = packages.find((pkg) => pkg.id === item.id);
    if (listed) priced.push({ ...item, price: listed.price, cashback: listed.cashback, currency });
    else if (item.price === FREE_PRICE) priced.push({ ...item, currency });
    else dropped.push(item);
  }
  return { items: priced, dropped };
}

/** Whether every item of the cart is priced in `currency`. */
export const cartIsIn = (items: readonly CartItem[], currency: CurrencyCode) => items.every((item) => itemCurrency(item) === currency);

/**
 * Keeps the cart in the buyer's currency while a page that shows it is open: once the list in
 * that currency is here, the cart is priced from it, and a package it does not sell leaves the
 * cart with a note saying so. Returns whether the cart is in the buyer's currency.
 */
export function useCartInBuyerCurrency(): boolean {
  const currency = useBuyerCurrency();
  const items = useCart((state) => state.items);
  const inCurrency = cartIsIn(items, currency);
  const list = useQuery({ ...packagesQuery(currency), enabled: !inCurrency });
  useEffect(() => {
    if (inCurrency || !list.data) return;
    const cart = useCart.getState();
    const { items: priced, dropped } = priceCartIn(cart.items, currency, list.data);
    useCart.setState({ items: priced });
    if (dropped.length === 0) return;
    void preloadMessages('currency').then(() => {
      for (const item of dropped) toast({ title: t('currency.dropped.title'), description: formatMessage('currency.dropped.description', { name: item.name, currency }) });
    });
  }, [inCurrency, list.data, currency]);
  return inCurrency;
}
