import { ShoppingCart } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useCart } from '../../lib/cart-store';
import { formatWhenLoaded, t, useFormatter } from '../../lib/i18n';

/**
 * 'Cart, 1 item': the badge is only seen, so the button's name carries the count. The count's
 * plural needs the ICU formatter, which the landing page loads after its first paint (decision
 * 0106): until it is here the name is 'Cart' and the badge shows the count.
 */
export function cartButtonLabel(count: number): string {
  return (count > 0 && formatWhenLoaded('site.cartCount', { count })) || t('site.cart');
}

export function CartButton() {
  const count = useCart((state) => state.items.length);
  const openCart = useCart((state) => state.openCart);
  useFormatter(count > 0);
  return (
    <Button variant="ghost" size="icon" aria-label={cartButtonLabel(count)} className="relative" onClick={openCart}>
      <ShoppingCart className="size-5" aria-hidden="true" />
      {count > 0 && (
        <span
          data-testid="cart-count"
          aria-hidden="true"
          className="absolute -end-1 -top-1 flex size-5 items-center justify-center rounded-full bg-accent-gradient text-[11px] font-bold text-white"
        >
          {count}
        </span>
      )}
    </Button>
  );
}
