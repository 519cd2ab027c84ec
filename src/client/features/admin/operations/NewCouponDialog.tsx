import { zodResolver } from '@hookform/resolvers/zod';
import { TicketPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import { CouponFields } from './CouponFields';
import { EMPTY_COUPON_FORM, newCouponFormSchema, type CouponFormValues } from './coupon-form';
import type { useCouponChanges } from './use-coupon-changes';

/** 'New Coupon': the spec's coupon fields; what was typed stays when the server refuses it. */
export function NewCouponDialog({ create }: { create: ReturnType<typeof useCouponChanges>['create'] }) {
  const [open, setOpen] = useState(false);
  const form = useForm<CouponFormValues>({ resolver: zodResolver(newCouponFormSchema), defaultValues: EMPTY_COUPON_FORM });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <TicketPlus aria-hidden="true" />
          New Coupon
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Coupon</DialogTitle>
          <DialogDescription>Buyers type its code in the checkout's coupon box.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) =>
            void form.handleSubmit((values) =>
              create.mutate(values, {
                onSuccess: () => {
                  setOpen(false);
                  form.reset(EMPTY_COUPON_FORM);
                },
              }),
            )(event)
          }
        >
          <CouponFields form={form} idPrefix="coupon" withCode />
          <FormDialogFooter pending={create.isPending} label="Create Coupon" pendingLabel="Creating..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
