import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ValidateCouponRequest } from '#contract/checkout';
import type { CurrencyCode } from '#domain/currencies';
import { formatMoney, type Cents } from '#domain/money';
import { toast } from '../../components/ui/use-toast';
import { api, ApiError, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { t } from '../../lib/i18n';
import type { AppliedCoupon } from './order-summary';
import { validateCouponResponseSchema } from './response-schemas';

function checkCoupon(request: ValidateCouponRequest) {
  return api(apiRoutes.validateCoupon, { method: 'POST', body: request, schema: validateCouponResponseSchema });
}

/** The toasts' words are the checkout area's; the server's reason comes in the page's language (decision 0113). */
function refuse(description: string): void {
  toast({ title: t('checkout.coupon.invalidTitle'), description, variant: 'destructive' });
}

/** The server's answer to a failed check: its reason for a 4xx, else the spec's generic error. */
function reportCheckFailure(error: unknown): void {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) refuse(messageOr(error, t('checkout.coupon.notValid')));
  else toast({ title: t('payment.errorTitle'), description: t('checkout.coupon.checkFailed'), variant: 'destructive' });
}

/**
 * The coupon box's state (spec sections 4 and 8): none applied, then applied with the
 * server's quote, removable. A quote is for one subtotal in one currency, so a change of devices asks
 * the server again; a coupon that no longer applies is removed.
 */
export function useCoupon({ packageId, subtotal, deviceCount, currency }: { packageId: string; subtotal: Cents; deviceCount: number; currency: CurrencyCode }) {
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const check = useMutation({ mutationFn: checkCoupon });
  const latestCheck = useRef(0);

  const request = (code: string): ValidateCouponRequest => ({ code, packageId, subtotalAmount: formatMoney(subtotal), deviceCount, currency });

  /** Checks a code; true when it was applied. */
  async function apply(rawCode: string): Promise<boolean> {
    const code = rawCode.trim().toUpperCase();
    if (!code) {
      toast({ title: t('payment.errorTitle'), description: t('checkout.coupon.empty'), variant: 'destructive' });
      return false;
    }
    const id = ++latestCheck.current;
    try {
      const answer = await check.mutateAsync(request(code));
      if (id !== latestCheck.current) return false;
      if (answer.valid && answer.coupon) {
        setApplied(answer.coupon);
        return true;
      }
      refuse(answer.error || t('checkout.coupon.notValid'));
    } catch (error) {
      if (id === latestCheck.current) reportCheckFailure(error);
    }
    return false;
  }

  function remove(): void {
    latestCheck.current++;
    setApplied(null);
  }

  const appliedCode = applied?.code;
  const requote = useEffectEvent(() => {
    if (!appliedCode) return;
    const id = ++latestCheck.current;
    checkCoupon(request(appliedCode))
      .then((answer) => {
        if (id !== latestCheck.current) return;
        if (answer.valid && answer.coupon) setApplied(answer.coupon);
        else {
          setApplied(null);
          refuse(answer.error || t('checkout.coupon.notValid'));
        }
      })
      .catch((error: unknown) => console.error('Coupon re-check failed', error));
  });
  // Only a new subtotal (a change of devices) or currency calls for a new quote: a coupon with
  // an amount holds in its own currency only (decision 0104), and the check says so.
  useEffect(() => requote(), [subtotal, currency]);

  return { applied, apply, remove, isChecking: check.isPending };
}
