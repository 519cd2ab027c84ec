import { Truck } from 'lucide-react';
import { useState } from 'react';
import type { AdminOrderSummary } from '#contract/admin-orders';
import { STREAMING_BOX_ID } from '#domain/catalog';
import { Button } from '../../../components/ui/button';
import { adminDateTime } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { DetailField } from '../shared/DetailField';
import { PagedList } from '../shared/PagedList';
import { NO_ORDER_FILTERS, useAdminOrders } from './order-queries';
import { useListPage } from '../shared/use-list-page';
import { ShipmentDialog } from './ShipmentDialog';
import { TrackingNumber } from '../../../components/TrackingNumber';

const PAID_BOXES = { ...NO_ORDER_FILTERS, packageId: STREAMING_BOX_ID, paymentStatus: 'completed' };

/** Paid streaming-box orders, newest first; each opens its shipment for the carrier, tracking number and status. */
export function ShipmentsTab() {
  const timeZone = useStoreTimeZone();
  const paging = useListPage();
  const orders = useAdminOrders(paging.page, PAID_BOXES);
  const [editing, setEditing] = useState<AdminOrderSummary | null>(null);
  return (
    <div className="grid min-w-0 gap-4">
      <PagedList
        label="box orders"
        searchId="shipments-search"
        paging={paging}
        query={orders}
        empty={{ icon: <Truck aria-hidden="true" />, title: 'No Boxes to Ship', hint: 'Paid streaming-box orders appear here; add the tracking number when a box leaves.' }}
      >
        {(items) => (
          <ul className="grid gap-3" aria-label="Box orders">
            {items.map((order) => (
              <li key={order.id} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="box-order">
                <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-5">
                  <DetailField label="Order">
                    <span className="break-all font-mono text-xs">{order.id}</span>
                  </DetailField>
                  <DetailField label="Paid">{adminDateTime(order.paidAt, timeZone)}</DetailField>
                  <DetailField label="Customer">{order.customerName}</DetailField>
                  <DetailField label="Email">
                    <span className="break-all">{order.customerEmail}</span>
                  </DetailField>
                  <DetailField label="Shipment">
                    <span className="capitalize">{order.shipmentStatus ?? 'Not yet created'}</span>
                    {order.trackingNumber ? <TrackingNumber value={order.trackingNumber} className="block text-xs" /> : null}
                  </DetailField>
                </dl>
                <Button variant="outline" size="sm" onClick={() => setEditing(order)}>
                  <Truck aria-hidden="true" />
                  Update Shipment
                  <span className="sr-only"> of order {order.id}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ShipmentDialog order={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
