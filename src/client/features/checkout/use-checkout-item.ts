import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FREE_PRICE, TRIAL_CART_PACKAGE } from '#domain/catalog';
import { toast } from '../../components/ui/use-toast';
import { useCart, type CartItem } from '../../lib/cart-store';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';

export type CheckoutItem =
  | { kind: 'loading' }
  | { kind: 'ready'; item: CartItem }
  /** 'Start Free Trial' while a paid package is in the cart: the buyer says which one to check out. */
  | { kind: 'trial-or-cart'; cartItem: CartItem; takeTrial: () => void; keepCart: () => void };

/** The spec's ?trial=true step: the cart holds the free trial alone, and the buyer is told. */
function putTrialInCart(): void {
  const cart = useCart.getState();
  cart.clearCart();
  cart.addItem({ ...TRIAL_CART_PACKAGE, features: [...TRIAL_CART_PACKAGE.features] });
  toast({ title: t('checkout.trialAdded.title'), description: formatMessage('checkout.trialAdded.description', { name: TRIAL_CART_PACKAGE.name }) });
}

/**
 * The package being bought: the cart's one item (spec section 2). An empty cart sends the
 * visitor to /, except with ?trial=true, which puts the free trial in the cart once; with a
 * paid package already in the cart, ?trial=true asks which of the two to check out rather
 * than dropping either silently. When the order is done (`finished`) the cart is cleared
 * but the page keeps what was bought.
 */
export function useCheckoutItem(finished: boolean): CheckoutItem {
  const cartItem = useCart((state) => state.items[0] ?? null);
  const [, navigate] = useLocation();
  const search = useSearch();
  const wantsTrial = new URLSearchParams(search).get('trial') === 'true';
  // What was bought stays on the page after the cart empties: the last item the cart held.
  const [bought, setBought] = useState<CartItem | null>(cartItem);
  if (cartItem && cartItem !== bought) setBought(cartItem);
  const trialAdded = useRef(false);

  useEffect(() => {
    // The store, not this render's snapshot: effects may run twice in development.
    const cart = useCart.getState();
    if (finished || cart.items.length > 0) return;
    if (wantsTrial && !trialAdded.current) {
      trialAdded.current = true;
      putTrialInCart();
      return;
    }
    navigate('/', { replace: true });
  }, [cartItem, finished, navigate, wantsTrial]);

  const takeTrial = useCallback(() => {
    trialAdded.current = true;
    putTrialInCart();
  }, []);
  const keepCart = useCallback(() => navigate('/checkout', { replace: true }), [navigate]);

  const item = finished ? bought : cartItem;
  if (!item) return { kind: 'loading' };
  // Once the trial is added the cart holds it, free: the choice is only ever asked of a paid item.
  if (!finished && wantsTrial && item.price !== FREE_PRICE) return { kind: 'trial-or-cart', cartItem: item, takeTrial, keepCart };
  return { kind: 'ready', item };
}
