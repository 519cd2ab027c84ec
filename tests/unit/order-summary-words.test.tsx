import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { priceOrder } from '../../src/domain/pricing';
import { OrderSummary } from '../../src/client/features/checkout/OrderSummary';
import { addMessages } from '../../src/client/lib/i18n';
import enCart from '../../src/messages/en/cart.json';
import enCheckout from '../../src/messages/en/checkout.json';
import arCart from '../../src/messages/ar/cart.json';
import arCheckout from '../../src/messages/ar/checkout.json';

const trial = { id: 'trial', name: '36-Hour Free Trial', duration: '36 hours', price: '0.00', cashback: '0.00', popular: false, features: [], quantity: 1 as const };

/** The order summary's package line keeps an English package name whole inside an Arabic sentence (decision 0111). */
describe('the order summary in Arabic', () => {
  afterAll(() => addMessages('en', ['cart', 'checkout'], { ...enCart, ...enCheckout }));

  it('isolates the package name and its duration in their sentences', () => {
    addMessages('ar', ['cart', 'checkout'], { ...arCart, ...arCheckout });
    const html = renderToStaticMarkup(<OrderSummary item={trial} figures={priceOrder(0, 1)} currency="USD" deviceCount={1} couponCode={null} />);
    expect(html).toContain('باقة <bdi>36-Hour Free Trial</bdi>');
    expect(html).toContain('اشتراك لمدة <bdi>36 hours</bdi>');
  });
});
