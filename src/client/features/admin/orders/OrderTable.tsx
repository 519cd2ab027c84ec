import type { AdminOrderSummary } from '#contract/admin-orders';
import { PaymentStatusBadge } from '../shared/AdminStatusBadge';
import { adminDateTime, dollars } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { giftCardState } from './gift-card-view';

const COLUMNS = ['Order', 'Placed', 'Customer', 'Package', 'Total', 'Method', 'Status', 'Gift Card'];

function GiftCardCell({ giftCard, state }: { giftCard: string; state: string | null }) {
  return (
    <>
      {giftCard}
      {state && <span className="text-muted-foreground"> ({state})</span>}
    </>
  );
}

/** The orders, newest first, in a table that scrolls inside its own box on a phone; an order's id opens its detail. */
export function OrderTable({ orders, onOpen }: { orders: AdminOrderSummary[]; onOpen: (order: AdminOrderSummary) => void }) {
  const timeZone = useStoreTimeZone();
  return (
    <ScrollRegion label="Orders table" className="relative min-w-0 overflow-x-auto rounded-2xl border border-border">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {orders.map((order) => (
            <tr key={order.id} className="align-top hover:bg-muted/30" data-testid="order-row">
              <td className="px-3 py-2">
                <button
                  type="button"
                  className="whitespace-nowrap rounded font-mono text-xs font-semibold text-accent underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => onOpen(order)}
                >
                  {order.id}
                </button>
              </td>
              <td className="tabular whitespace-nowrap px-3 py-2 text-muted-foreground">{adminDateTime(order.createdAt, timeZone)}</td>
              <td className="max-w-[16rem] px-3 py-2">
                <span className="block truncate font-medium" title={order.customerName}>
                  {order.customerName}
                </span>
                <span className="block truncate text-xs text-muted-foreground" title={order.customerEmail}>
                  {order.customerEmail}
                </span>
              </td>
              <td className="px-3 py-2">{order.packageName}</td>
              <td className="tabular px-3 py-2 text-right font-semibold">{dollars(order.totalAmount)}</td>
              <td className="px-3 py-2 capitalize">{order.paymentMethod}</td>
              <td className="px-3 py-2">
                <PaymentStatusBadge status={order.paymentStatus} />
              </td>
              <td className="px-3 py-2 text-xs">
                {order.giftCard ? <GiftCardCell giftCard={order.giftCard} state={giftCardState(order)} /> : 'None'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
