import { ShoppingCart, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import type { CartItem } from '../../lib/cart-store';
import { t } from '../../lib/i18n';

/** 'Start Free Trial' was chosen while the cart holds a paid package: one of the two, the buyer's choice. */
export function TrialOrCartChoice({ cartItem, onTrial, onCart }: { cartItem: CartItem; onTrial: () => void; onCart: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="mx-auto max-w-2xl">
      <CardContent className="grid gap-5 p-6 sm:p-8">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold">
          {t('checkout.choice.title')}
        </h2>
        <p className="text-muted-foreground">
          Your cart holds the <strong className="text-foreground">{cartItem.name} Package</strong> ({cartItem.duration}, ${cartItem.price}). One order
          at a time: start the free trial instead, or check out what is in your cart.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button size="lg" className="h-auto min-h-12 whitespace-normal" onClick={onTrial}>
            <Sparkles aria-hidden="true" /> {t('checkout.free.startTrial')}
          </Button>
          <Button size="lg" variant="outline" className="h-auto min-h-12 whitespace-normal" onClick={onCart}>
            <ShoppingCart aria-hidden="true" /> Check Out {cartItem.name}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
