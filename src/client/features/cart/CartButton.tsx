import { ShoppingCart } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useCart } from './cart-store';

export function CartButton() {
  const count = useCart((state) => state.items.length);
  const openCart = useCart((state) => state.openCart);
  return (
    <Button variant="ghost" size="icon" aria-label="Cart" className="relative" onClick={openCart}>
      <ShoppingCart className="size-5" />
      {count > 0 && (
        <span
          data-testid="cart-count"
          className="absolute -right-1 -top-1 flex size-5 items-center justify-center rounded-full bg-accent-gradient text-[11px] font-bold text-white"
        >
          {count}
        </span>
      )}
    </Button>
  );
}
