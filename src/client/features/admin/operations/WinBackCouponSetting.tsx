import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { winBackCouponSchema } from '#contract/admin-coupons';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';

const NONE = '';
// Here, not in the shared route and key lists, which the landing page's bundle carries (its budget, decision 0024).
const WIN_BACK_COUPON = '/api/admin/win-back-coupon';
const WIN_BACK_KEY = [WIN_BACK_COUPON];

/**
 * The win-back coupon: the coupon the emails 7 and 30 days after a subscription lapsed
 * offer (decision 0046), or none. `codes` are the coupons listed on the tab.
 */
export function WinBackCouponSetting({ codes }: { codes: readonly string[] }) {
  const chosen = useQuery({ queryKey: WIN_BACK_KEY, queryFn: () => api(WIN_BACK_COUPON, { schema: winBackCouponSchema }), staleTime: 0 });
  const current = chosen.data?.code ?? NONE;
  // Drawn again from the saved choice whenever it changes.
  return <WinBackCouponForm key={current} current={current} codes={codes} loading={chosen.isPending} />;
}

function WinBackCouponForm({ current, codes, loading }: { current: string; codes: readonly string[]; loading: boolean }) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState(current);
  const save = useMutation({
    mutationFn: (code: string | null) => api(WIN_BACK_COUPON, { method: 'PATCH', body: { code }, schema: winBackCouponSchema }),
    onSuccess: ({ code }) => {
      toast({ title: 'Win-back Coupon Saved', description: code ? `The win-back emails offer ${code}.` : 'The win-back emails offer no coupon.' });
      void queryClient.invalidateQueries({ queryKey: WIN_BACK_KEY });
    },
    onError: (error) => toast({ title: 'Win-back Coupon Not Saved', description: messageOr(error, 'The choice could not be saved. Please try again.'), variant: 'destructive' }),
  });
  const options = [...new Set([...codes, ...(current ? [current] : [])])];
  return (
    <form
      className="flex min-w-0 flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(choice === NONE ? null : choice);
      }}
    >
      <div className="grid min-w-0 gap-1">
        <label htmlFor="win-back-coupon" className="text-sm font-medium">
          Win-back coupon
        </label>
        <select
          id="win-back-coupon"
          aria-describedby="win-back-coupon-hint"
          className="h-10 min-w-0 rounded-lg border border-input bg-background/60 px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          value={choice}
          disabled={loading}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value={NONE}>None</option>
          {options.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <p id="win-back-coupon-hint" className="text-xs text-muted-foreground">
          Offered in the emails 7 and 30 days after a subscription expired.
        </p>
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending || loading || choice === current}>
        Save
      </Button>
    </form>
  );
}
