import { disputeRateText } from '../shared/dispute-rate-view';
import { CalendarDays, DollarSign, RefreshCw, ShieldAlert, UserCheck, Users } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { AdminShell } from '../shared/AdminShell';
import { dollars } from '../shared/admin-view';
import { CreateCustomerDialog } from './CreateCustomerDialog';
import { CustomerTable } from './CustomerTable';
import { LogoutButton } from '../shared/LogoutButton';
import { PagedList } from '../shared/PagedList';
import { RevenueByCurrency } from '../shared/RevenueByCurrency';
import { RevenueChart } from '../shared/RevenueChart';
import { StatGrid } from '../shared/StatGrid';
import { useAdminStats } from '../shared/use-admin-queries';
import { useCustomerRecords } from './customer-queries';
import { useListPage } from '../shared/use-list-page';

/** /admin-dashboard: figures, the 30-day chart and the customer table, polled every 5 s (spec section 2). */
export function CustomerManagement() {
  const paging = useListPage();
  const records = useCustomerRecords(paging.page, 'dashboard');
  const stats = useAdminStats();
  const figures = stats.data?.data;
  const refreshing = records.isFetching || stats.isFetching;

  return (
    <AdminShell
      documentTitle="Customer Management"
      subtitle="Customer Subscription Management"
      waiting={figures?.waiting}
      actions={
        <>
          <CreateCustomerDialog />
          <Button
            variant="outline"
            onClick={() => {
              void records.refetch();
              void stats.refetch();
            }}
          >
            <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden="true" />
            Refresh
          </Button>
          <LogoutButton />
        </>
      }
    >
      <div className="grid min-w-0 items-start gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <StatGrid
          label="Customer figures"
          stats={
            figures && [
              { label: 'Total Customers', value: figures.subscriptions.uniqueCustomers, icon: <Users /> },
              { label: 'Active Subscriptions', value: figures.subscriptions.active, icon: <UserCheck /> },
              { label: 'Total Revenue', value: dollars(figures.revenue.total), icon: <DollarSign /> },
              { label: 'This Month', value: dollars(figures.revenue.thisMonth), icon: <CalendarDays /> },
              { label: 'Dispute Rate (30 days)', value: disputeRateText(figures.disputeRate), icon: <ShieldAlert />, tone: figures.disputeRate.level },
            ]
          }
        />
        <div className="grid min-w-0 gap-4">
          <RevenueChart days={figures?.revenueByDay} />
          <RevenueByCurrency revenue={figures?.revenue} />
        </div>
      </div>
      <PagedList
        label="customer subscriptions"
        searchId="dashboard-search"
        paging={paging}
        query={records}
        empty={{ icon: <Users aria-hidden="true" />, title: 'No customer subscriptions found', hint: 'Create a customer account for a paid order, or wait for the next purchase.' }}
      >
        {(items) => <CustomerTable records={items} />}
      </PagedList>
    </AdminShell>
  );
}
