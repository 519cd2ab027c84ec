import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
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
  const settle = useEffectEvent(onSettled);
  // The running poll loop's "ask now", for the simulator's button; nothing before the loop starts.
  const pollNow = useRef<() => Promise<void>>(() => Promise.resolve());

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pollIn = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void poll(), ms);
    };
    async function poll(): Promise<void> {
      clearTimeout(timer);
      if (stopped) return;
      try {
        const status = await fetchStatus(paymentId);
        if (stopped) return;
        setPaymentStatus(status);
        const next = cryptoOutcome(status);
        if (next !== 'waiting') {
          stopped = true;
          setOutcome(next);
          settle(next);
          return;
        }
      } catch (error) {
        console.error('Crypto payment status check failed', error);
      }
      if (!stopped) pollIn(POLL_INTERVAL_MS);
    }
    pollNow.current = poll;
    pollIn(FIRST_POLL_DELAY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [paymentId]);

  const checkNow = useCallback(() => pollNow.current(), []);
  return { outcome, paymentStatus, checkNow };
}
