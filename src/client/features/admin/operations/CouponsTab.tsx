import type { UseQueryResult } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { useState } from 'react';
import type { AdminCoupon } from '#contract/admin-coupons';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { Revalidated } from '../shared/revalidating-get';
import { couponState, couponTerms, couponUses } from './coupon-form';
import { DetailField } from '../shared/DetailField';
import { adminDate } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { EditCouponDialog } from './EditCouponDialog';
import { NewCouponDialog } from './NewCouponDialog';
import { WinBackCouponSetting } from './WinBackCouponSetting';
import { PagedList } from '../shared/PagedList';
import { useCouponChanges } from './use-coupon-changes';
import type { ListPaging } from '../shared/use-list-page';

// A coupon's start and end as the store's days (decision 0034), as its editor means them.
const day = (iso: string | null, timeZone: string) => (iso ? adminDate(iso, timeZone) : 'Any time');

/** The /admin coupons: each with its terms and uses, 'Edit', a switch on or off, and 'New Coupon'. */
export function CouponsTab({ coupons, paging }: { coupons: UseQueryResult<Revalidated<AdminCoupon[]>>; paging: ListPaging }) {
  const { create, setActive, update } = useCouponChanges();
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const timeZone = useStoreTimeZone();
  // As of the last poll (a 304 renews it too), so 'Ended' shows within a poll of the end date.
  const now = new Date(coupons.dataUpdatedAt);
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <WinBackCouponSetting codes={coupons.data?.data.map((coupon) => coupon.code) ?? []} />
        <NewCouponDialog create={create} />
      </div>
      <PagedList
        label="coupons"
        paging={paging}
        query={coupons}
        empty={{ icon: <Ticket aria-hidden="true" />, title: 'No Coupons', hint: 'Create one with New Coupon.' }}
      >
        {(items) => (
          <ul className="grid grid-cols-1 gap-3" aria-label="Coupons">
            {items.map((coupon) => (
              <li key={coupon.code} className="min-w-0 rounded-2xl border border-border bg-card p-4" data-testid="admin-coupon">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="flex min-w-0 items-center gap-2 font-semibold">
                    <Ticket className="size-4 shrink-0 text-accent" aria-hidden="true" />
                    <span className="break-all font-mono">{coupon.code}</span>
                  </p>
                  <Badge variant={couponState(coupon, now).variant}>{couponState(coupon, now).label}</Badge>
                </div>
                <p className="mt-1 break-words text-sm text-muted-foreground">{coupon.description}</p>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
                  <DetailField label="Terms">{couponTerms(coupon)}</DetailField>
                  <DetailField label="Uses">{couponUses(coupon)}</DetailField>
                  <DetailField label="From">{day(coupon.validFrom, timeZone)}</DetailField>
                  <DetailField label="Until">{day(coupon.validTo, timeZone)}</DetailField>
                </dl>
                <div className="mt-3 grid grid-cols-2 gap-2 sm:flex">
                  {/* No icon: one more icon shared with other pages regroups the icon chunks into the landing page's (its budget, decision 0024). */}
                  <Button variant="outline" aria-label={`Edit coupon ${coupon.code}`} onClick={() => setEditing(coupon)}>
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    disabled={setActive.isPending && setActive.variables?.code === coupon.code}
                    onClick={() => setActive.mutate({ code: coupon.code, isActive: !coupon.isActive })}
                  >
                    {coupon.isActive ? 'Deactivate' : 'Activate'}
                    <span className="sr-only"> coupon {coupon.code}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <EditCouponDialog coupon={editing} update={update} onClose={() => setEditing(null)} />
    </div>
  );
}
