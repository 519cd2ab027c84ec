import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Package } from '#contract/packages';
import { addMoney, DEFAULT_CURRENCY, money, type Money } from '#domain/currencies';
import { parseMoney } from '#domain/money';

/** What the cart holds of a package; the trial added by checkout?trial=true has no extra fields. */
export type CartPackage = Pick<Package, 'id' | 'name' | 'duration' | 'price' | 'cashback' | 'popular' | 'features'> &
  Partial<Package> & {
    /** Set when the customer renews this subscription from the account page. */
    renewsSubscriptionId?: string;
    deviceCount?: number;
    selectedGiftCard?: string;
  };

export type CartItem = CartPackage & { quantity: 1 };

interface CartState {
  items: CartItem[];
  isOpen: boolean;
  /** Replaces the whole cart with this one package (spec section 4). */
  addItem: (item: CartPackage) => void;
  removeItem: (id: string) => void;
  clearCart: () => void;
  openCart: () => void;
  closeCart: () => void;
}

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      isOpen: false,
      addItem: (item) => set({ items: [{ ...item, quantity: 1 }] }),
      removeItem: (id) => set((state) => ({ items: state.items.filter((i) => i.id !== id) })),
      clearCart: () => set({ items: [] }),
      openCart: () => set({ isOpen: true }),
      closeCart: () => set({ isOpen: false }),
    }),
    { name: 'cart-storage' },
  ),
);

/**
 * The cart's total in its items' currency, from the prices as given (display only; the server
 * prices orders). An item without a currency was stored before currencies existed: dollars.
 * Items in two currencies cannot be added (lib/cart-currency.ts prices them in one first).
 */
export function cartTotal(items: readonly CartItem[]): Money {
  const currency = items[0]?.currency ?? DEFAULT_CURRENCY;
  return items.reduce((sum, item) => addMoney(sum, money(parseMoney(item.price) * item.quantity, item.currency ?? DEFAULT_CURRENCY)), money(0, currency));
}
