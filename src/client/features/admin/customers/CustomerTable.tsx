import type { AdminCustomerRecord } from '#contract/admin';
import { AdminStatusBadge } from '../shared/AdminStatusBadge';
import { adminDate, adminExpiry, formatAmount, shortOrderId } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { CredentialsDialog } from './CredentialsDialog';
import { CellLine, DataTable, type DataColumn } from '../shared/DataTable';

/** The /admin-dashboard table (spec's columns): a table from 768 px, cards below with View Credentials on each (DataTable). */
export function CustomerTable({ records }: { records: readonly AdminCustomerRecord[] }) {
  const timeZone = useStoreTimeZone();
  const columns: Array<DataColumn<AdminCustomerRecord>> = [
    {
      header: 'Customer',
      rowHeader: true,
      unlabelled: true,
      className: 'max-w-[14rem] px-4 py-3 font-semibold',
      cell: (record) => (
        <>
          <CellLine text={record.customerName} className="font-semibold max-md:text-base" />
          <span className="block font-mono text-xs font-normal text-muted-foreground" title={record.orderId} data-testid="short-order-id">
            {shortOrderId(record.orderId)}
          </span>
        </>
      ),
    },
    {
      header: 'Email',
      className: 'max-w-[16rem] px-4 py-3',
      cell: (record) => <CellLine text={record.customerEmail} className="max-md:break-all" />,
    },
    { header: 'Package', className: 'whitespace-nowrap px-4 py-3', cell: (record) => record.packageName },
    { header: 'Duration', className: 'whitespace-nowrap px-4 py-3', cell: (record) => record.subscriptionLength },
    { header: 'Gift Card', className: 'whitespace-nowrap px-4 py-3', cell: (record) => record.giftCardChoice ?? 'None' },
    { header: 'Payment Date', className: 'tabular whitespace-nowrap px-4 py-3', cell: (record) => adminDate(record.paymentDate, timeZone) },
    { header: 'Amount', className: 'tabular whitespace-nowrap px-4 py-3 font-semibold', cell: (record) => formatAmount(record.totalAmount, record.currency) },
    { header: 'Devices', className: 'tabular px-4 py-3', cell: (record) => record.deviceCount },
    { header: 'Status', className: 'px-4 py-3', cell: (record) => <AdminStatusBadge status={record.status} /> },
    { header: 'Expires', className: 'tabular whitespace-nowrap px-4 py-3', cell: (record) => adminExpiry(record, timeZone) },
    { header: 'Credentials', unlabelled: true, pinned: true, className: 'px-4 py-3', cell: (record) => <CredentialsDialog record={record} /> },
  ];
  return (
    <DataTable
      label="Customer subscriptions"
      rows={records}
      rowKey={(record) => record.id}
      columns={columns}
      tableClassName="md:min-w-[72rem]"
      rowProps={() => ({ className: 'align-middle', 'data-testid': 'customer-row' })}
    />
  );
}
