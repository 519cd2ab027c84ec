import { Gift, Lock, ShieldCheck } from 'lucide-react';
import type { PriceBreakdown } from '#domain/pricing';
import { FREE_PRICE } from '#domain/catalog';
import { money, type CurrencyCode } from '#domain/currencies';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import type { CartItem } from '../../lib/cart-store';
import { formatMessage } from '../../lib/format-message';
import { formatIsolated } from '../../lib/isolated-message';
import { t } from '../../lib/i18n';
import { amountText, cashbackText, priceText } from '../../lib/price-text';

interface OrderSummaryProps {
  item: CartItem;
  figures: PriceBreakdown;
  /** The figures' currency: the cart's, then the placed order's as the server priced it. */
  currency: CurrencyCode;
  deviceCount: number;
  couponCode: string | null;
}

function Line({ label, value, testId, className }: { label: string; value: string; testId: string; className?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${className ?? ''}`}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The cashback sentence with its amount in bold, wherever the language puts the amount. */
function CashbackLine({ cashback }: { cashback: string }) {
  const amount = cashbackText(cashback);
  const [before = '', after = ''] = formatMessage('checkout.summary.cashback', { amount }).split(amount);
  return (
    <span>
      {before}
      <strong className="tabular">{amount}</strong>
      {after}
    </span>
  );
}

/** Package, device fee, coupon discount and total (spec section 2). Display only: the server prices the order. */
export function OrderSummary({ item, figures, currency, deviceCount, couponCode }: OrderSummaryProps) {
  const free = item.price === FREE_PRICE;
  const price = (minor: number) => amountText(money(minor, currency));
  return (
    <section aria-labelledby="order-summary-title">
      <Card>
        <CardHeader className="p-4 pb-4 sm:p-6 sm:pb-4">
          <h2 id="order-summary-title" className="text-lg font-bold">
            {t('checkout.summary.title')}
          </h2>
        </CardHeader>
        <CardContent className="grid gap-5 px-4 pb-4 sm:px-6 sm:pb-6">
          <div className="rounded-xl border border-border bg-background/40 p-4">
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-semibold">{formatIsolated('cart.itemName', { name: item.name })}</p>
                <p className="text-sm text-muted-foreground">{formatIsolated('cart.itemDuration', { duration: item.duration })}</p>
              </div>
              <p className="tabular font-bold">{priceText(item.price, item.currency)}</p>
            </div>
            {item.features.length > 0 && (
              <ul className="mt-3 hidden flex-wrap gap-1.5 sm:flex">
                {item.features.slice(0, 4).map((feature) => (
                  <li key={feature} className="rounded-md bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                    {feature}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <dl className="grid gap-2 text-sm">
            <Line label={t('checkout.summary.package')} value={price(figures.packagePrice)} testId="summary-package" />
            <Line
              label={formatMessage('checkout.summary.devices', { count: deviceCount })}
              value={figures.deviceFee > 0 ? `+${price(figures.deviceFee)}` : t('checkout.summary.included')}
              testId="summary-devices"
            />
            {figures.discount > 0 && (
              <Line
                label={couponCode ? formatMessage('checkout.summary.couponCode', { code: couponCode }) : t('checkout.summary.coupon')}
                value={`-${price(figures.discount)}`} testId="summary-discount" className="text-success [&_dt]:text-success" />
            )}
            <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-border pt-4">
              <dt className="text-base font-bold">{t('checkout.summary.total')}</dt>
              <dd className="tabular text-2xl font-extrabold" data-testid="summary-total">
                {price(figures.total)}
              </dd>
            </div>
          </dl>
          {!free && (
            <p className="flex gap-2 rounded-lg bg-primary/10 p-3 text-sm">
              <Gift className="size-4 shrink-0 text-accent" aria-hidden="true" />
              <CashbackLine cashback={item.cashback} />
            </p>
          )}
          <ul className="grid gap-1.5 text-xs text-muted-foreground">
            <li className="flex items-center gap-2">
              <Lock className="size-3.5 text-success" aria-hidden="true" /> {t('checkout.summary.securePayments')}
            </li>
            <li className="flex items-center gap-2">
              <ShieldCheck className="size-3.5 text-success" aria-hidden="true" /> {t('checkout.summary.serverPrice')}
            </li>
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
