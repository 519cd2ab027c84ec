import { ShoppingCart } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useCart } from '../../lib/cart-store';

/** 'Cart, 1 item': the badge is only seen, so the button's name carries the count. */
export function cartButtonLabel(count: number): string {
  return count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

export function CartButton() {
  const count = useCart((state) => state.items.length);
  const openCart = useCart((state) => state.openCart);
  return (
    <Button variant="ghost" size="icon" aria-label={cartButtonLabel(count)} className="relative" onClick={openCart}>
      <ShoppingCart className="size-5" aria-hidden="true" />
      {count > 0 && (
        <span
          data-testid="cart-count"
          aria-hidden="true"
          className="absolute -right-1 -top-1 flex size-5 items-center justify-center rounded-full bg-accent-gradient text-[11px] font-bold text-white"
        >
          {count}
        </span>
      )}
    </Button>
  );
}
