import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { TRIAL_CART_PACKAGE } from '#domain/catalog';
import { toast } from '../../components/ui/use-toast';
import { useCart, type CartItem } from '../cart/cart-store';

/**
 * The package being bought: the cart's one item (spec section 2). An empty cart sends the
 * visitor to /, except with ?trial=true, which puts the free trial in the cart once. When
 * the order is done (`finished`) the cart is cleared but the page keeps what was bought.
 */
export function useCheckoutItem(finished: boolean): CartItem | null {
  const cartItem = useCart((state) => state.items[0] ?? null);
  const [, navigate] = useLocation();
  const search = useSearch();
  const [bought, setBought] = useState<CartItem | null>(cartItem);
  const trialAdded = useRef(false);

  useEffect(() => {
    if (cartItem) setBought(cartItem);
  }, [cartItem]);

  useEffect(() => {
    // The store, not this render's snapshot: effects may run twice in development.
    const cart = useCart.getState();
    if (finished || cart.items.length > 0) return;
    if (new URLSearchParams(search).get('trial') === 'true' && !trialAdded.current) {
      trialAdded.current = true;
      cart.clearCart();
      cart.addItem({ ...TRIAL_CART_PACKAGE, features: [...TRIAL_CART_PACKAGE.features] });
      toast({ title: 'Free Trial Added', description: `The ${TRIAL_CART_PACKAGE.name} is ready to check out.` });
      return;
    }
    navigate('/', { replace: true });
  }, [cartItem, finished, navigate, search]);

  return finished ? bought : cartItem;
}
