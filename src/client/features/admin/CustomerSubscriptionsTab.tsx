import type { UseQueryResult } from '@tanstack/react-query';
import { DollarSign, MonitorSmartphone, UserCheck, Users } from 'lucide-react';
import type { AdminCustomerRecord, AdminStats } from '#contract/admin';
import type { Revalidated } from '../../lib/api';
import { dollars } from './admin-view';
import { CustomerRecordCard } from './CustomerRecordCard';
import { EmptyState } from './EmptyState';
import { ListBody } from './ListBody';
import { ListControls } from './ListControls';
import { StatGrid } from './StatGrid';
import type { ListPaging } from './use-list-page';

/** The /admin customer tab: its summary from the stats, then one card per subscription. */
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
            { label: 'Active Subscriptions', value: stats.subscriptions.count, icon: <UserCheck /> },
            { label: 'Total Revenue', value: dollars(stats.revenue.total), icon: <DollarSign /> },
            { label: 'Total Devices', value: stats.subscriptions.devices, icon: <MonitorSmartphone /> },
            { label: 'Unique Customers', value: stats.subscriptions.uniqueCustomers, icon: <Users /> },
          ]
        }
      />
      <ListControls label="customer subscriptions" searchId="customer-search" paging={paging} shown={records.data?.data.length ?? 0} total={records.data?.total ?? null} />
      <ListBody
        query={records}
        empty={
          <EmptyState icon={<Users aria-hidden="true" />} title="No Customer Subscriptions">
            {paging.page.q ? 'No subscription matches this search.' : 'Subscriptions appear here as soon as a payment completes.'}
          </EmptyState>
        }
      >
        {(items) => (
          <div className="grid gap-4">
            {items.map((record) => (
              <CustomerRecordCard key={record.id} record={record} />
            ))}
          </div>
        )}
      </ListBody>
    </div>
  );
}
