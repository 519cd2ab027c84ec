import type { UseQueryResult } from '@tanstack/react-query';
import { DollarSign, MonitorSmartphone, UserCheck, Users } from 'lucide-react';
import type { AdminCustomerRecord, AdminStats } from '#contract/admin';
import type { Revalidated } from '../shared/revalidating-get';
import { amountsByCurrency, count } from '../shared/admin-view';
import { CustomerRecordCard } from './CustomerRecordCard';
import { PagedList } from '../shared/PagedList';
import { StatGrid } from '../shared/StatGrid';
import type { ListPaging } from '../shared/use-list-page';

/**
 * The spec's "summary of active subscriptions (count of records)": the records listed below
 * (every status), then how many of them are active, in words, so that the number beside the
 * records is their count ('6 records, 3 active').
 */
const recordsSummary = ({ count: records, active }: AdminStats['subscriptions']) => `${count(records)} ${records === 1 ? 'record' : 'records'}, ${count(active)} active`;

/** The /admin customer tab: its summary from the stats, then one card per subscription (of every status). */
export function CustomerSubscriptionsTab({
  stats,
  records,
  paging,
}: {
  stats: AdminStats | undefined;
  records: UseQueryResult<Revalidated<AdminCustomerRecord[]>>;
  paging: ListPaging;
}) {
  return (
    <div className="grid min-w-0 gap-6">
      <StatGrid
        label="Customer subscriptions summary"
        stats={
          stats && [
            { label: 'Active Subscriptions', value: recordsSummary(stats.subscriptions), icon: <UserCheck /> },
            { label: 'Total Revenue', value: amountsByCurrency(stats.revenue.total, stats.revenue.byCurrency), icon: <DollarSign /> },
            { label: 'Total Devices', value: stats.subscriptions.devices, icon: <MonitorSmartphone /> },
            { label: 'Unique Customers', value: stats.subscriptions.uniqueCustomers, icon: <Users /> },
          ]
        }
      />
      <PagedList
        label="customer subscriptions"
        searchId="customer-search"
        paging={paging}
        query={records}
        empty={{ icon: <Users aria-hidden="true" />, title: 'No Customer Subscriptions', hint: 'Subscriptions appear here as soon as a payment completes.' }}
      >
        {(items) => (
          <div className="grid gap-4">
            {items.map((record) => (
              <CustomerRecordCard key={record.id} record={record} />
            ))}
          </div>
        )}
      </PagedList>
    </div>
  );
}
