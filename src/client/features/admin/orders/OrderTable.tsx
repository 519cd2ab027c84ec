import type { AdminOrderSummary } from '#contract/admin-orders';
import { PaymentStatusBadge } from '../shared/AdminStatusBadge';
import { adminDateTime, formatAmount } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CellLine, DataTable, type DataColumn } from '../shared/DataTable';
import { giftCardState } from './gift-card-view';

function GiftCardCell({ giftCard, state }: { giftCard: string; state: string | null }) {
  return (
    <>
      {giftCard}
      {state && <span className="text-muted-foreground"> ({state})</span>}
    </>
  );
}

/** The orders, newest first: a table from 768 px, cards below (DataTable); an order's id or View opens its detail. */
export function OrderTable({ orders, onOpen }: { orders: AdminOrderSummary[]; onOpen: (order: AdminOrderSummary) => void }) {
  const timeZone = useStoreTimeZone();
  const columns: Array<DataColumn<AdminOrderSummary>> = [
    {
      header: 'Order',
      unlabelled: true,
      cell: (order) => (
        // The badge goes under the id, not beside it: the column keeps the id's width (the list fits 1280 px beside the navigation).
        <div className="flex flex-col items-start gap-1">
          <button
            type="button"
            className="whitespace-nowrap rounded font-mono text-xs font-semibold text-accent underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:break-all max-md:whitespace-normal max-md:text-left max-md:text-sm"
            onClick={() => onOpen(order)}
          >
            {order.id}
          </button>
          {order.renewal && (
            <Badge variant="outline" data-testid="renewal-badge">
              Renewal
            </Badge>
          )}
        </div>
      ),
    },
    { header: 'Placed', className: 'tabular text-muted-foreground md:min-w-[6.5rem]', cell: (order) => adminDateTime(order.createdAt, timeZone) },
    {
      header: 'Customer',
      className: 'max-w-[12rem]',
      cell: (order) => (
        <>
          <CellLine text={order.customerName} className="font-medium" />
          <CellLine text={order.customerEmail} className="text-xs text-muted-foreground max-md:break-all" />
        </>
      ),
    },
    { header: 'Package', cell: (order) => order.packageName },
    // The method under the amount: one column fewer, so the orders fit beside the side navigation at 1280 px.
    {
      header: 'Total',
      className: 'md:text-right',
      cell: (order) => (
        <>
          <span className="tabular block font-semibold">{formatAmount(order.totalAmount, order.currency)}</span>
          <span className="block text-xs capitalize text-muted-foreground">{order.paymentMethod}</span>
        </>
      ),
    },
    { header: 'Status', cell: (order) => <PaymentStatusBadge order={order} /> },
    { header: 'Gift Card', className: 'text-xs', cell: (order) => (order.giftCard ? <GiftCardCell giftCard={order.giftCard} state={giftCardState(order)} /> : 'None') },
    {
      header: 'Actions',
      unlabelled: true,
      pinned: true,
      cell: (order) => (
        <Button variant="outline" size="sm" className="max-md:w-full" onClick={() => onOpen(order)}>
          View<span className="sr-only"> order {order.id}</span>
        </Button>
      ),
    },
  ];
  return (
    <DataTable label="Orders table" rows={orders} rowKey={(order) => order.id} columns={columns} tableClassName="md:min-w-[56rem]" rowProps={() => ({ 'data-testid': 'order-row' })} />
  );
}
