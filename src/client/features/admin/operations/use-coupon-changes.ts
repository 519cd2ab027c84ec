import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCouponSchema } from '#contract/admin-coupons';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { couponTerms, newCouponRequest, type CouponChangesRequest, type CouponFormValues } from './coupon-form';
import { adminKeys } from '../../../lib/admin-query-keys';
import { useStoreTimeZone } from '../shared/store-time-zone';

/** POST /api/admin/coupons and PATCH /api/admin/coupons/:code, each confirmed by a toast; a refusal's toast carries the server's words. */
export function useCouponChanges() {
  const queryClient = useQueryClient();
  const timeZone = useStoreTimeZone();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.coupons });
  const failed = (fallback: string) => (error: unknown) => toast({ title: 'Coupon Not Saved', description: messageOr(error, fallback), variant: 'destructive' });

  const create = useMutation({
    mutationFn: (values: CouponFormValues) => api(adminApiRoutes.coupons, { method: 'POST', body: newCouponRequest(values, timeZone), schema: adminCouponSchema }),
    onSuccess: (coupon) => {
      toast({ title: 'Coupon Created', description: `${coupon.code} can be used at checkout now.` });
      void refresh();
    },
    onError: failed('The coupon could not be created. Please try again.'),
  });

  const setActive = useMutation({
    mutationFn: ({ code, isActive }: { code: string; isActive: boolean }) =>
      api(adminApiRoutes.coupon(code), { method: 'PATCH', body: { isActive }, schema: adminCouponSchema }),
    onSuccess: (coupon) => {
      toast({ title: coupon.isActive ? 'Coupon Activated' : 'Coupon Deactivated', description: coupon.isActive ? `${coupon.code} is accepted at checkout.` : `${coupon.code} is refused at checkout.` });
      void refresh();
    },
    onError: failed('The coupon could not be changed. Please try again.'),
  });

  const update = useMutation({
    mutationFn: ({ code, changes }: { code: string; changes: CouponChangesRequest }) =>
      api(adminApiRoutes.coupon(code), { method: 'PATCH', body: changes, schema: adminCouponSchema }),
    onSuccess: (coupon) => {
      toast({ title: 'Coupon Saved', description: `${coupon.code}: ${couponTerms(coupon)}, from the next checkout.` });
      void refresh();
    },
    onError: failed('The coupon could not be saved. Please try again.'),
  });

  return { create, setActive, update };
}
