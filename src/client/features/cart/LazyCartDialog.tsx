import { lazy, Suspense, useEffect, useState } from 'react';
import { useCart } from '../../lib/cart-store';
import { preloadMessages } from '../../lib/i18n';
import { whenIdle } from '../../lib/when-idle';

// The dialog's code and its words (the cart's catalogue area, decision 0106) in one wait.
const CartDialog = lazy(() => Promise.all([import('./CartDialog'), preloadMessages('cart')]).then(([module]) => ({ default: module.CartDialog })));

/**
 * The cart's dialog, mounted once the browser is idle or when the cart is first opened, and
 * kept from then on: the dialog's code (Radix's focus trap and scroll lock) is not part of the
 * landing page's first JavaScript (decision 0082). Closed, it renders nothing either way.
 */
export function LazyCartDialog() {
  const isOpen = useCart((state) => state.isOpen);
  const [mounted, setMounted] = useState(isOpen);
  if (isOpen && !mounted) setMounted(true);
  useEffect(() => whenIdle(() => setMounted(true)), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <CartDialog />
    </Suspense>
  );
}
