import { ChevronDown, KeyRound } from 'lucide-react';
import type { AdminCustomerRecord } from '#contract/admin';
import { Button } from '../../../components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../../../components/ui/collapsible';
import { AdminStatusBadge } from '../shared/AdminStatusBadge';
import { adminDate, adminExpiry, adminLapse, formatAmount, shortOrderId } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { DetailField } from '../shared/DetailField';
import { RecordCredentials } from './RecordCredentials';

/** Why there are no logins yet: what an admin needs to look the subscription up. */
function NoCredentials({ record }: { record: AdminCustomerRecord }) {
  return (
    <div className="rounded-xl border border-warning/30 bg-warning/10 p-3 text-sm" role="status">
      <p className="font-semibold text-warning">No device credentials found for this customer.</p>
      <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Debug information</p>
      <dl className="mt-1 grid gap-1 font-mono text-xs text-muted-foreground">
        <div className="break-all">
          <dt className="inline">Subscription ID: </dt>
          <dd className="inline">{record.id}</dd>
        </div>
        <div className="break-all">
          <dt className="inline">Order ID: </dt>
          <dd className="inline">{record.orderId}</dd>
        </div>
        <div>
          <dt className="inline">Status: </dt>
          <dd className="inline">{record.status}</dd>
        </div>
        <div>
          <dt className="inline">Devices ordered: </dt>
          <dd className="inline">{record.deviceCount}</dd>
        </div>
      </dl>
    </div>
  );
}

/** One customer-subscription record of the /admin customer tab (spec section 2). */
export function CustomerRecordCard({ record }: { record: AdminCustomerRecord }) {
  const timeZone = useStoreTimeZone();
  const headingId = `record-${record.id}`;
  return (
    <article className="min-w-0 rounded-2xl border border-border bg-card p-4 sm:p-5" aria-labelledby={headingId} data-testid="customer-record">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words text-lg font-bold">
            {record.customerName}
          </h3>
          <p className="break-all text-sm text-muted-foreground">{record.customerEmail}</p>
        </div>
        <div className="flex items-center gap-2">
          <span className="tabular text-lg font-bold">{formatAmount(record.totalAmount, record.currency)}</span>
          <AdminStatusBadge status={record.status} />
        </div>
      </header>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <DetailField label="Package">{record.packageName}</DetailField>
        <DetailField label="Order">
          <span className="font-mono" title={record.orderId} data-testid="short-order-id">
            {shortOrderId(record.orderId)}
          </span>
        </DetailField>
        <DetailField label="Payment Date">{adminDate(record.paymentDate, timeZone)}</DetailField>
        <DetailField label="Duration">{record.subscriptionLength}</DetailField>
        <DetailField label="Devices">{record.deviceCount}</DetailField>
        <DetailField label="Expires">{adminExpiry(record, timeZone)}</DetailField>
        <DetailField label="Gift Card">{record.giftCardChoice ?? 'None'}</DetailField>
      </dl>
      {adminLapse(record, timeZone) && (
        <p className="mt-2 text-sm font-medium text-warning" data-testid="subscription-lapse">
          {adminLapse(record, timeZone)}
        </p>
      )}
      <Collapsible className="mt-4">
        <CollapsibleTrigger asChild>
          <Button variant="outline" size="sm" className="group">
            <KeyRound aria-hidden="true" />
            Device Credentials
            <ChevronDown className="transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
          </Button>
        </CollapsibleTrigger>
        <CollapsibleContent className="mt-3">
          <RecordCredentials record={record} empty={<NoCredentials record={record} />} />
        </CollapsibleContent>
      </Collapsible>
    </article>
  );
}
