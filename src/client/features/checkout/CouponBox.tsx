import { TicketPercent, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { CheckoutSection } from './CheckoutSection';
import type { AppliedCoupon } from './order-summary';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';
import { priceText } from '../../lib/price-text';
import type { CurrencyCode } from '#domain/currencies';

interface CouponBoxProps {
  applied: AppliedCoupon | null;
  /** The currency of the applied coupon's discount: the order's. */
  currency: CurrencyCode;
  /** Checks and applies a code; resolves true when it was applied. */
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => void;
  checking: boolean;
  disabled?: boolean;
}

/** Spec sections 2 and 4: an upper-cased code, Apply (or Enter) when not empty; once applied, its details and Remove. */
export function CouponBox({ applied, currency, onApply, onRemove, checking, disabled = false }: CouponBoxProps) {
  const [code, setCode] = useState('');
  const canApply = code.trim() !== '' && !checking && !disabled;

  const apply = async () => {
    if (checking || disabled) return;
    if (await onApply(code)) setCode('');
  };

  return (
    <CheckoutSection id="coupon" icon={TicketPercent} title={t('checkout.coupon.title')} description={t('checkout.coupon.description')}>
      {applied ? (
        <div className="flex items-center justify-between gap-3 rounded-xl border border-success/40 bg-success/10 p-4" data-testid="applied-coupon">
          <div className="min-w-0">
            <p className="font-mono font-bold tracking-wider text-success">{applied.code}</p>
            <p className="text-sm text-muted-foreground">{applied.description}</p>
            <p className="tabular mt-1 text-sm font-semibold">-{priceText(applied.discountAmount, currency)}</p>
          </div>
          <Button type="button" variant="ghost" size="sm" onClick={onRemove} disabled={disabled} aria-label={formatMessage('checkout.coupon.removeCode', { code: applied.code })}>
            <X aria-hidden="true" /> {t('checkout.coupon.remove')}
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Input
            aria-label={t('checkout.coupon.label')}
            placeholder={t('checkout.coupon.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            className="font-mono uppercase tracking-wider placeholder:font-sans placeholder:normal-case placeholder:tracking-normal"
            value={code}
            disabled={disabled}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // Enter applies the coupon; it must not submit the checkout form around it.
              event.preventDefault();
              void apply();
            }}
          />
          <Button type="button" variant="secondary" className="shrink-0" disabled={!canApply} onClick={() => void apply()}>
            {t(checking ? 'checkout.coupon.applying' : 'checkout.coupon.apply')}
          </Button>
        </div>
      )}
    </CheckoutSection>
  );
}
