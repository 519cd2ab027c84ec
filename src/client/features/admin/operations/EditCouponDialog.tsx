import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminCoupon } from '#contract/admin-coupons';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { messageOr } from '../../../lib/api';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { CouponFields } from './CouponFields';
import { couponChangesRequest, couponFormOf, couponFormSchema, couponUses, type CouponFormValues } from './coupon-form';
import type { useCouponChanges } from './use-coupon-changes';

type CouponUpdate = ReturnType<typeof useCouponChanges>['update'];

function EditCouponForm({ coupon, update, onDone }: { coupon: AdminCoupon; update: CouponUpdate; onDone: () => void }) {
  // The coupon as the dialog opened on it: a poll of the list meanwhile changes neither the form nor what counts as changed.
  const timeZone = useStoreTimeZone();
  const [opened] = useState(() => couponFormOf(coupon, timeZone));
  const form = useForm<CouponFormValues>({ resolver: zodResolver(couponFormSchema), defaultValues: opened });
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = (values: CouponFormValues) => {
    setRefusal(null);
    const changes = couponChangesRequest(opened, values, timeZone);
    if (Object.keys(changes).length === 0) {
      toast({ title: 'No Changes', description: `${coupon.code} is as it was.` });
      onDone();
      return;
    }
    update.mutate(
      { code: coupon.code, changes },
      { onSuccess: onDone, onError: (error) => setRefusal(messageOr(error, 'The coupon could not be saved. Please try again.')) },
    );
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
      <CouponFields form={form} idPrefix="edit-coupon" withCode={false} />
      {refusal && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          {refusal}
        </p>
      )}
      <FormDialogFooter pending={update.isPending} label="Save Coupon" pendingLabel="Saving..." />
    </form>
  );
}

/** 'Edit Coupon': the create form's fields, filled in; only what changed is sent, and a refusal is shown in the dialog word for word. */
export function EditCouponDialog({ coupon, update, onClose }: { coupon: AdminCoupon | null; update: CouponUpdate; onClose: () => void }) {
  // Opened from a row's button, not a DialogTrigger, so Radix has no trigger to give focus back to: the button that had it gets it back.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={coupon !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Edit Coupon</DialogTitle>
          <DialogDescription>
            <span className="break-all font-mono">{coupon?.code}</span>
            {coupon ? `, ${couponUses(coupon)}. ` : ' '}
            Orders already placed keep their discount; the next checkout uses these terms.
          </DialogDescription>
        </DialogHeader>
        {coupon && <EditCouponForm key={coupon.code} coupon={coupon} update={update} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
