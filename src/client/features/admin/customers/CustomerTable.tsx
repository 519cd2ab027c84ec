import type { AdminCustomerRecord } from '#contract/admin';
import { AdminStatusBadge } from '../shared/AdminStatusBadge';
import { adminDate, adminExpiry, dollars, shortOrderId } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { CredentialsDialog } from './CredentialsDialog';
import { ScrollRegion } from '../../../components/ui/scroll-region';

const COLUMNS = ['Customer', 'Email', 'Package', 'Duration', 'Gift Card', 'Payment Date', 'Amount', 'Devices', 'Status', 'Expires', 'Credentials'] as const;

/** The /admin-dashboard table; on a phone it scrolls inside its own box instead of widening the page. */
export function CustomerTable({ records }: { records: readonly AdminCustomerRecord[] }) {
  const timeZone = useStoreTimeZone();
  return (
    <ScrollRegion label="Customer subscriptions" className="w-full overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full min-w-[72rem] text-left text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {records.map((record) => (
            <tr key={record.id} className="align-middle hover:bg-muted/30" data-testid="customer-row">
              <th scope="row" className="max-w-[14rem] px-4 py-3 font-semibold">
                <span className="block truncate" title={record.customerName}>{record.customerName}</span>
                <span className="block font-mono text-xs font-normal text-muted-foreground" title={record.orderId} data-testid="short-order-id">
                  {shortOrderId(record.orderId)}
                </span>
              </th>
              <td className="max-w-[16rem] px-4 py-3">
                <span className="block truncate" title={record.customerEmail}>{record.customerEmail}</span>
              </td>
              <td className="whitespace-nowrap px-4 py-3">{record.packageName}</td>
              <td className="whitespace-nowrap px-4 py-3">{record.subscriptionLength}</td>
              <td className="whitespace-nowrap px-4 py-3">{record.giftCardChoice ?? 'None'}</td>
              <td className="tabular whitespace-nowrap px-4 py-3">{adminDate(record.paymentDate, timeZone)}</td>
              <td className="tabular whitespace-nowrap px-4 py-3 font-semibold">{dollars(record.totalAmount)}</td>
              <td className="tabular px-4 py-3">{record.deviceCount}</td>
              <td className="px-4 py-3">
                <AdminStatusBadge status={record.status} />
              </td>
              <td className="tabular whitespace-nowrap px-4 py-3">{adminExpiry(record, timeZone)}</td>
              <td className="px-4 py-3">
                <CredentialsDialog record={record} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
