import { useState } from 'react';
import { SHIPMENT_STATUSES } from '#contract/admin-shipments';
import type { AdminOrderDetail, AdminOrderSummary } from '#contract/admin-orders';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageOr } from '../../../lib/api';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import { useAdminOrder } from './order-queries';
import { useShipmentUpdate, type ShipmentForm } from './use-shipment-update';

type Shipment = NonNullable<AdminOrderDetail['shipment']>;

/** How often a just-paid box order is asked again until provisioning has created its shipment. */
const SHIPMENT_POLL_MS = 2000;

function ShipmentFields({ orderId, onSaved }: { orderId: string; onSaved: () => void }) {
  // The list shows a box order once it is paid; its shipment comes a moment later, from the
  // order's provisioning job, so the dialog waits for it instead of saying there is none.
  const detail = useAdminOrder(orderId, { everyMs: SHIPMENT_POLL_MS, until: (order) => order.shipment !== null });
  const shipment = detail.data?.shipment;

  if (detail.isError) return <p className="text-sm text-destructive" role="alert">{messageOr(detail.error, 'This order could not be loaded.')}</p>;
  if (detail.data && !shipment) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        The box's shipment is being set up as the order is provisioned; this updates on its own.
      </p>
    );
  }
  if (!shipment) return <Skeleton className="h-48 rounded-xl" />;
  return <ShipmentEditor orderId={orderId} shipment={shipment} onSaved={onSaved} />;
}

/** The form, started from the box's state when the shipment first showed; later answers do not overwrite what is typed. */
function ShipmentEditor({ orderId, shipment, onSaved }: { orderId: string; shipment: Shipment; onSaved: () => void }) {
  const save = useShipmentUpdate();
  const [form, setForm] = useState<ShipmentForm>(() => ({
    status: SHIPMENT_STATUSES.find((status) => status === shipment.status) ?? 'processing',
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber ?? '',
    estimatedDelivery: shipment.estimatedDelivery?.slice(0, 10) ?? '',
  }));
  const set = (name: keyof ShipmentForm) => (value: string) => setForm({ ...form, [name]: value });

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ orderId, form }, { onSuccess: onSaved });
      }}
    >
      <p className="text-sm text-muted-foreground">Ship to: {shipment.address}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="shipment-status" label="Status">
          <Select value={form.status} onValueChange={set('status')}>
            <SelectTrigger id="shipment-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SHIPMENT_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  <span className="capitalize">{status}</span>
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id="shipment-carrier" label="Carrier">
          <Input id="shipment-carrier" value={form.carrier} maxLength={50} onChange={(event) => set('carrier')(event.target.value)} />
        </FormField>
        <FormField id="shipment-tracking" label="Tracking number">
          <Input id="shipment-tracking" className="font-mono" value={form.trackingNumber} maxLength={64} autoComplete="off" onChange={(event) => set('trackingNumber')(event.target.value)} />
        </FormField>
        <FormField id="shipment-eta" label="Estimated delivery">
          <Input id="shipment-eta" type="date" value={form.estimatedDelivery} onChange={(event) => set('estimatedDelivery')(event.target.value)} />
        </FormField>
      </div>
      <FormDialogFooter pending={save.isPending} label="Save Shipment" pendingLabel="Saving..." />
    </form>
  );
}

/** Where one order's box is: status, carrier, tracking number and expected day; 'shipped' emails the buyer the tracking number. */
export function ShipmentDialog({ order, onClose }: { order: AdminOrderSummary | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update Shipment</DialogTitle>
          <DialogDescription>
            <span className="break-all font-mono">{order?.id}</span> for {order?.customerName}
          </DialogDescription>
        </DialogHeader>
        {order && <ShipmentFields key={order.id} orderId={order.id} onSaved={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
