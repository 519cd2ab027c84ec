import { useMemo, useRef } from 'react';
import { dismissToast, toast, type ToastInput } from '../components/ui/use-toast';

/**
 * Error toasts of one task that is tried again: `show` raises one, `clear` takes the last
 * one away once a later attempt succeeds, so the buyer never reads an old failure beside
 * a success.
 */
export function useErrorToast() {
  const shown = useRef<string | null>(null);
  return useMemo(
    () => ({
      show: (input: Omit<ToastInput, 'variant'>) => {
        shown.current = toast({ ...input, variant: 'destructive' }).id;
      },
      clear: () => {
        if (shown.current) dismissToast(shown.current);
        shown.current = null;
      },
    }),
    [],
  );
}
