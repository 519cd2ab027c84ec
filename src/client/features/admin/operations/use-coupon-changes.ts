import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCouponSchema, type AdminCoupon } from '#contract/admin-coupons';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, serverMessage } from '../../../lib/api';
import { newCouponRequest, type CouponFormValues } from './coupon-form';
import { adminKeys } from '../../../lib/query-keys';

const parsed = async (response: Response): Promise<AdminCoupon> => adminCouponSchema.parse(await response.json());

/** POST /api/admin/coupons and PATCH /api/admin/coupons/:code, each confirmed by a toast. */
export function useCouponChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.coupons });
  const failed = (fallback: string) => (error: unknown) => toast({ title: 'Coupon Not Saved', description: serverMessage(error, fallback), variant: 'destructive' });

  const create = useMutation({
    mutationFn: async (values: CouponFormValues) => parsed(await apiRequest('POST', adminKeys.coupons[0], newCouponRequest(values))),
    onSuccess: (coupon) => {
      toast({ title: 'Coupon Created', description: `${coupon.code} can be used at checkout now.` });
      void refresh();
    },
    onError: failed('The coupon could not be created. Please try again.'),
  });

  const setActive = useMutation({
    mutationFn: async ({ code, isActive }: { code: string; isActive: boolean }) =>
      parsed(await apiRequest('PATCH', `${adminKeys.coupons[0]}/${encodeURIComponent(code)}`, { isActive })),
    onSuccess: (coupon) => {
      toast({ title: coupon.isActive ? 'Coupon Activated' : 'Coupon Deactivated', description: coupon.isActive ? `${coupon.code} is accepted at checkout.` : `${coupon.code} is refused at checkout.` });
      void refresh();
    },
    onError: failed('The coupon could not be changed. Please try again.'),
  });

  return { create, setActive };
}
