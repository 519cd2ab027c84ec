import { ShoppingCart, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useCartInBuyerCurrency } from '../../lib/cart-currency';
import { cartTotal, useCart } from '../../lib/cart-store';
import { formatMessage } from '../../lib/format-message';
import { formatIsolated } from '../../lib/isolated-message';
import { useMessages } from '../../lib/i18n';
import { amountText, priceText } from '../../lib/price-text';

export function CartDialog() {
  const { items, isOpen, openCart, closeCart, removeItem } = useCart();
  const [, navigate] = useLocation();
  const proceedButton = useRef<HTMLButtonElement>(null);
  const t = useMessages('cart');
  // An item in another currency than the buyer's is priced again in theirs (decision 0108).
  useCartInBuyerCurrency();
  const total = cartTotal(items);

  const proceed = () => {
    closeCart();
    navigate('/checkout');
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? openCart() : closeCart())}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          // The next step, not the first button (a trash can), takes the focus.
          if (!proceedButton.current) return;
          event.preventDefault();
          proceedButton.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShoppingCart className="size-5 text-accent" aria-hidden="true" />
            {t('cart.title')}
          </DialogTitle>
          <DialogDescription className="sr-only">{t('cart.description')}</DialogDescription>
        </DialogHeader>
        {items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="text-muted-foreground">{t('cart.empty')}</p>
            <Button variant="outline" onClick={() => { closeCart(); document.getElementById('packages')?.scrollIntoView({ behavior: 'smooth' }); }}>
              {t('cart.browse')}
            </Button>
          </div>
        ) : (
          <>
            <ul className="divide-y divide-border">
              {items.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-4 py-3">
                  <div>
                    <p className="font-semibold">{formatIsolated('cart.itemName', { name: item.name })}</p>
                    <p className="text-sm text-muted-foreground">{formatIsolated('cart.itemDuration', { duration: item.duration })}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className="tabular font-semibold">{priceText(item.price, item.currency)}</span>
                    <Button variant="ghost" size="icon" aria-label={formatMessage('cart.remove', { name: item.name })} onClick={() => removeItem(item.id)}>
                      <Trash2 className="text-destructive" aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <div className="flex items-center justify-between border-t border-border pt-4 text-lg font-bold">
              <span>{t('cart.total')}</span>
              <span className="tabular" data-testid="cart-total">{amountText(total)}</span>
            </div>
            <Button ref={proceedButton} size="lg" className="w-full" onClick={proceed}>
              {t('cart.proceed')}
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
