import { zodResolver } from '@hookform/resolvers/zod';
import { TicketPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import { couponFormSchema, EMPTY_COUPON_FORM, type CouponFormValues } from './coupon-form';
import type { useCouponChanges } from './use-coupon-changes';

const TYPE_OPTIONS = [
  { value: 'percentage', label: 'Percentage (%)' },
  { value: 'fixed', label: 'Fixed amount ($)' },
];

/** 'New Coupon': the spec's coupon fields; what was typed stays when the server refuses it. */
export function NewCouponDialog({ create }: { create: ReturnType<typeof useCouponChanges>['create'] }) {
  const [open, setOpen] = useState(false);
  const form = useForm<CouponFormValues>({ resolver: zodResolver(couponFormSchema), defaultValues: EMPTY_COUPON_FORM });
  const { errors } = form.formState;
  const text = (id: string, name: keyof CouponFormValues, label: string, props: Record<string, string> = {}) => (
    <FormField id={id} label={label} error={errors[name]?.message}>
      <Input autoComplete="off" {...props} {...invalidProps(id, errors[name]?.message)} {...form.register(name)} />
    </FormField>
  );

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
          <div className="grid gap-4 sm:grid-cols-2">
            {text('coupon-code', 'code', 'Code', { className: 'font-mono uppercase', placeholder: 'SPRING25' })}
            <FormSelect control={form.control} name="type" id="coupon-type" label="Type" placeholder="Choose a type" options={TYPE_OPTIONS} error={errors.type?.message} />
          </div>
          {text('coupon-description', 'description', 'Description', { placeholder: '25% off in spring' })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('coupon-value', 'value', 'Value (percent or dollars)', { inputMode: 'decimal', placeholder: '25' })}
            {text('coupon-usage-limit', 'usageLimit', 'Usage limit (optional)', { inputMode: 'numeric', placeholder: 'No limit' })}
            {text('coupon-min-order', 'minOrderAmount', 'Minimum order (optional)', { inputMode: 'decimal', placeholder: '0.00' })}
            {text('coupon-max-discount', 'maxDiscount', 'Maximum discount (optional)', { inputMode: 'decimal', placeholder: 'No cap' })}
          </div>
          <FormDialogFooter pending={create.isPending} label="Create Coupon" pendingLabel="Creating..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
