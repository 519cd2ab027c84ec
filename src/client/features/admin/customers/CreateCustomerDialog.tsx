import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CUSTOMER_ACCOUNT_CREATED,
  createCustomerConflictSchema,
  createCustomerRequestSchema,
  createCustomerResponseSchema,
  type CreateCustomerRequest,
} from '#contract/admin';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { api, ApiError, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import { adminKeys } from '../../../lib/admin-query-keys';

type CreateCustomerValues = z.output<typeof createCustomerRequestSchema>;
const EMPTY: CreateCustomerRequest = { firstName: '', lastName: '', email: '', phone: '', orderId: '' };

/** An order that belongs to another address, waiting for the admin's explicit yes (docs/decisions/0037). */
interface PendingMove {
  currentOwner: string;
  values: CreateCustomerValues;
}

/** The masked owner a create-customer refusal names, when the order belongs to another address. */
function ownerNamedBy(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = createCustomerConflictSchema.safeParse(error.body);
  return parsed.success ? (parsed.data.currentOwner ?? null) : null;
}

/**
 * 'Create Customer Account': an account, and its password setup email, for an existing paid
 * order. An order of another address is never moved on the first press: the server refuses
 * it naming the owner masked, and only the second, explicit button sends the confirmation.
 */
export function CreateCustomerDialog() {
  const [open, setOpen] = useState(false);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const queryClient = useQueryClient();
  const form = useForm<CreateCustomerRequest, unknown, CreateCustomerValues>({
    resolver: zodResolver(createCustomerRequestSchema),
    defaultValues: EMPTY,
  });
  const create = useMutation({
    mutationFn: (values: CreateCustomerValues) => api(adminApiRoutes.createCustomer, { method: 'POST', body: values, schema: createCustomerResponseSchema }),
    onSuccess: () => {
      toast({ title: 'Customer Account Created', description: CUSTOMER_ACCOUNT_CREATED });
      changeOpen(false);
      form.reset(EMPTY);
      for (const queryKey of [adminKeys.customers, adminKeys.stats, adminKeys.notifications]) void queryClient.invalidateQueries({ queryKey });
    },
    // What was typed stays, so the admin can correct the order ID and try again.
    onError: (error, values) => {
      const currentOwner = values.confirmMove ? null : ownerNamedBy(error);
      if (currentOwner) setPendingMove({ currentOwner, values });
      else toast({ title: 'Error', description: messageOr(error, 'Failed to create customer account'), variant: 'destructive' });
    },
  });
  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) setPendingMove(null);
  }
  const { errors } = form.formState;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Create Customer Account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Customer Account</DialogTitle>
          <DialogDescription>Create an account for an existing order</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          // The confirmation is for the values it named: any edit asks the server again.
          onChange={() => setPendingMove(null)}
          onSubmit={(event) => void form.handleSubmit((values) => create.mutate(values))(event)}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="create-first-name" label="First Name" error={errors.firstName?.message}>
              <Input autoComplete="off" {...invalidProps('create-first-name', errors.firstName?.message)} {...form.register('firstName')} />
            </FormField>
            <FormField id="create-last-name" label="Last Name" error={errors.lastName?.message}>
              <Input autoComplete="off" {...invalidProps('create-last-name', errors.lastName?.message)} {...form.register('lastName')} />
            </FormField>
          </div>
          <FormField id="create-email" label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...invalidProps('create-email', errors.email?.message)} {...form.register('email')} />
          </FormField>
          <FormField id="create-phone" label="Phone (Optional)" error={errors.phone?.message}>
            <Input type="tel" autoComplete="off" {...invalidProps('create-phone', errors.phone?.message)} {...form.register('phone')} />
          </FormField>
          <FormField id="create-order-id" label="Order ID" error={errors.orderId?.message}>
            <Input className="font-mono" placeholder="SP-1712345678901-123" autoComplete="off" {...invalidProps('create-order-id', errors.orderId?.message)} {...form.register('orderId')} />
          </FormField>
          {pendingMove ? (
            <MoveConfirmation pendingMove={pendingMove} pending={create.isPending} onConfirm={() => create.mutate({ ...pendingMove.values, confirmMove: true })} />
          ) : (
            <FormDialogFooter pending={create.isPending} label="Create Account" pendingLabel="Creating..." />
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Whose order it is, and the one button that moves it; Cancel closes the dialog with nothing changed. */
function MoveConfirmation({ pendingMove, pending, onConfirm }: { pendingMove: PendingMove; pending: boolean; onConfirm: () => void }) {
  const { currentOwner, values } = pendingMove;
  return (
    <>
      <div role="alert" className="rounded-md border border-amber-500/60 bg-amber-500/10 p-3 text-sm">
        <p className="font-medium">This order belongs to {currentOwner}</p>
        <p className="mt-1 text-muted-foreground [overflow-wrap:anywhere]">
          Moving it to {values.email} gives that address its subscription, its device credentials and the password setup email. Nothing has been changed yet.
        </p>
      </div>
      <FormDialogFooter pending={pending} label={`Move order to ${values.email}`} pendingLabel="Moving..." onConfirm={onConfirm} />
    </>
  );
}
