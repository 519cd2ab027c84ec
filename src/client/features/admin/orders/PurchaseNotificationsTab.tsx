import type { UseQueryResult } from '@tanstack/react-query';
import { Bell, DollarSign, MonitorSmartphone, ShoppingCart, Users } from 'lucide-react';
import type { AdminStats, PurchaseNotification } from '#contract/admin';
import type { Revalidated } from '../shared/revalidating-get';
import { amountsByCurrency } from '../shared/admin-view';
import { PagedList } from '../shared/PagedList';
import { NotificationEntry } from './NotificationEntry';
import { StatGrid } from '../shared/StatGrid';
import type { ListPaging } from '../shared/use-list-page';

/** The /admin notifications tab: its summary from the stats, then the purchases, newest first. */
export function PurchaseNotificationsTab({
  stats,
  notifications,
  paging,
}: {
  stats: AdminStats | undefined;
  notifications: UseQueryResult<Revalidated<PurchaseNotification[]>>;
  paging: ListPaging;
}) {
  return (
    <div className="grid min-w-0 gap-6">
      <StatGrid
        label="Purchase notifications summary"
        stats={
          stats && [
            { label: 'Total Orders', value: stats.notifications.count, icon: <ShoppingCart /> },
            { label: 'Revenue', value: amountsByCurrency(stats.notifications.revenue, stats.notifications.revenueByCurrency), icon: <DollarSign /> },
            { label: 'Devices', value: stats.notifications.devices, icon: <MonitorSmartphone /> },
            { label: 'Unique Customers', value: stats.notifications.uniqueCustomers, icon: <Users /> },
          ]
        }
      />
      {/* Ages count to the last poll, which a 304 also renews: '5 minutes ago' moves on while the list stays the same. */}
      <PagedList
        label="purchase notifications"
        paging={paging}
        query={notifications}
        empty={{ icon: <Bell aria-hidden="true" />, title: 'No Purchase Notifications', hint: 'Each completed purchase is announced here.' }}
      >
        {(items) => (
          <ul className="grid gap-3" aria-label="Purchase notifications">
            {items.map((notification) => (
              <NotificationEntry key={notification.id} notification={notification} now={notifications.dataUpdatedAt} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
