import { useCallback, useEffect, useRef, useState } from 'react';
import { cryptoPaymentStatusSchema } from '#contract/crypto';
import { api } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';

/** Spec sections 4 and 9: the first status check 30 s after creation, then one every 10 s. */
export const FIRST_POLL_DELAY_MS = 30_000;
export const POLL_INTERVAL_MS = 10_000;

export type CryptoOutcome = 'waiting' | 'completed' | 'failed';

/** finished or partially_paid shows completed; failed or expired shows failed; anything else keeps waiting. */
export function cryptoOutcome(paymentStatus: string): CryptoOutcome {
  if (paymentStatus === 'finished' || paymentStatus === 'partially_paid') return 'completed';
  if (paymentStatus === 'failed' || paymentStatus === 'expired') return 'failed';
  return 'waiting';
}

async function fetchStatus(paymentId: string): Promise<string> {
  return (await api(apiRoutes.cryptoPayment(paymentId), { schema: cryptoPaymentStatusSchema })).paymentStatus;
}

/**
 * Polls a crypto payment's status until it is completed or failed. Errors while polling
 * are only logged and polling goes on. `checkNow` polls at once (the demo's simulator
 * uses it so that nobody waits 30 s), then the 10 s rhythm resumes.
 */
export function useCryptoPaymentStatus(paymentId: string, onSettled: (outcome: Exclude<CryptoOutcome, 'waiting'>) => void) {
  const [outcome, setOutcome] = useState<CryptoOutcome>('waiting');
  const [paymentStatus, setPaymentStatus] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const settled = useRef(false);
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;

  const poll = useCallback(async () => {
    clearTimeout(timer.current);
    if (settled.current) return;
    try {
      const status = await fetchStatus(paymentId);
      if (settled.current) return;
      setPaymentStatus(status);
      const next = cryptoOutcome(status);
      if (next !== 'waiting') {
        settled.current = true;
        setOutcome(next);
        onSettledRef.current(next);
        return;
      }
    } catch (error) {
      console.error('Crypto payment status check failed', error);
    }
    clearTimeout(timer.current);
    if (!settled.current) timer.current = setTimeout(poll, POLL_INTERVAL_MS);
  }, [paymentId]);

  useEffect(() => {
    settled.current = false;
    timer.current = setTimeout(poll, FIRST_POLL_DELAY_MS);
    return () => {
      settled.current = true;
      clearTimeout(timer.current);
    };
  }, [poll]);

  return { outcome, paymentStatus, checkNow: poll };
}
