import { Bell, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { canOpen, DEFAULT_SECTION, sectionHref, sectionOf } from './shared/admin-sections';
import { AdminShell } from './shared/AdminShell';
import { LogoutButton } from './shared/LogoutButton';
import { CouponsTab } from './operations/CouponsTab';
import { CustomerSubscriptionsTab } from './customers/CustomerSubscriptionsTab';
import { GiftCardsTab } from './orders/GiftCardsTab';
import { PurchaseNotificationsTab } from './orders/PurchaseNotificationsTab';
import { useCustomerRecords } from './customers/customer-queries';
import { useAdminCoupons } from './operations/operations-queries';
import { useOwedGiftCards, usePurchaseNotifications } from './orders/order-queries';
import { useNewOrderToasts } from './orders/use-new-order-toasts';
import { useNewTicketToasts } from './support/use-new-ticket-toasts';
import { useAdminStats, useStaffRole } from './shared/use-admin-queries';
import { useListPage } from './shared/use-list-page';

// The store's running tools load when their tab is first opened, so /admin's first paint carries only the spec's lists.
const OrdersTab = lazy(() => import('./orders/OrdersTab').then((module) => ({ default: module.OrdersTab })));
const NeedsReviewTab = lazy(() => import('./orders/NeedsReviewTab').then((module) => ({ default: module.NeedsReviewTab })));
const ShipmentsTab = lazy(() => import('./orders/ShipmentsTab').then((module) => ({ default: module.ShipmentsTab })));
const PackagesTab = lazy(() => import('./operations/PackagesTab').then((module) => ({ default: module.PackagesTab })));
const RevenueTab = lazy(() => import('./operations/RevenueTab').then((module) => ({ default: module.RevenueTab })));
const ExportsTab = lazy(() => import('./operations/ExportsTab').then((module) => ({ default: module.ExportsTab })));
const AuditLogTab = lazy(() => import('./operations/AuditLogTab').then((module) => ({ default: module.AuditLogTab })));
const OutboxTab = lazy(() => import('./operations/OutboxTab').then((module) => ({ default: module.OutboxTab })));
const RenewalsTab = lazy(() => import('./renewals/RenewalsTab').then((module) => ({ default: module.RenewalsTab })));
const PanelTab = lazy(() => import('./panel/PanelTab').then((module) => ({ default: module.PanelTab })));
const MyAccountTab = lazy(() => import('./account/MyAccountTab').then((module) => ({ default: module.MyAccountTab })));
const SupportTab = lazy(() => import('./support/SupportTab').then((module) => ({ default: module.SupportTab })));
const BlocklistTab = lazy(() => import('./blocklist/BlocklistTab').then((module) => ({ default: module.BlocklistTab })));
const StaffTab = lazy(() => import('./staff/StaffTab').then((module) => ({ default: module.StaffTab })));
const IncidentsTab = lazy(() => import('./incidents/IncidentsTab').then((module) => ({ default: module.IncidentsTab })));
const TrialsTab = lazy(() => import('./trials/TrialsTab').then((module) => ({ default: module.TrialsTab })));
const PoliciesTab = lazy(() => import('./policies/PoliciesTab').then((module) => ({ default: module.PoliciesTab })));

const loadingTab = (
  <div className="grid gap-3" role="status" aria-label="Loading">
    <Skeleton className="h-10 rounded-xl" />
    <Skeleton className="h-64 rounded-2xl" />
  </div>
);

/**
 * /admin: the customer subscriptions and the purchase notifications, each polled every 30 s
 * (spec section 2), then the tools for running the store. The section shown is the address's
 * ?tab=, each a link of the grouped navigation, so reload and back keep it and
 * /admin-dashboard and a bookmark can open any of them (docs/decisions/0035). The sections
 * where work waits carry its count, a newly paid order is toasted, and Logout is here as on
 * /admin-dashboard.
 */
export function OverviewDashboard() {
  const role = useStaffRole();
  const section = sectionOf(new URLSearchParams(useSearch()).get('tab'), role);
  const tab = section.value;
  const customerPaging = useListPage(tab === 'customers');
  const notificationPaging = useListPage(tab === 'notifications');
  // Both lists are held here, not in their sections, so each keeps polling while the other shows; a list the role cannot read is not asked for (decision 0098).
  const records = useCustomerRecords(customerPaging.page, 'overview', canOpen(role, 'customers'));
  const notifications = usePurchaseNotifications(notificationPaging.page);
  const giftCardPaging = useListPage(tab === 'gift-cards');
  const owedGiftCards = useOwedGiftCards(giftCardPaging.page, canOpen(role, 'gift-cards'));
  const couponPaging = useListPage(tab === 'coupons');
  const coupons = useAdminCoupons(couponPaging.page, canOpen(role, 'coupons'));
  const stats = useAdminStats();
  useNewOrderToasts();
  useNewTicketToasts(canOpen(role, 'support'));
  const [reloading, setReloading] = useState(false);
  const [, navigate] = useLocation();

  const forceRefreshCustomers = async () => {
    setReloading(true);
    await records.refetch();
    // The reload shows the customers, as it did when the open tab was not in the address.
    navigate(sectionHref(DEFAULT_SECTION), { replace: true });
    window.location.reload();
  };
  const refreshNotifications = () => {
    void notifications.refetch();
    void stats.refetch();
  };

  const panels: Record<string, ReactNode> = {
    customers: <CustomerSubscriptionsTab stats={stats.data?.data} records={records} paging={customerPaging} />,
    notifications: <PurchaseNotificationsTab stats={stats.data?.data} notifications={notifications} paging={notificationPaging} />,
    orders: <OrdersTab />,
    review: <NeedsReviewTab />,
    'gift-cards': <GiftCardsTab owed={owedGiftCards} paging={giftCardPaging} />,
    shipments: <ShipmentsTab />,
    coupons: <CouponsTab coupons={coupons} paging={couponPaging} />,
    packages: <PackagesTab />,
    revenue: <RevenueTab />,
    renewals: <RenewalsTab />,
    exports: <ExportsTab />,
    audit: <AuditLogTab />,
    outbox: <OutboxTab />,
    panel: <PanelTab />,
    blocklist: <BlocklistTab />,
    support: <SupportTab />,
    incidents: <IncidentsTab />,
    policies: <PoliciesTab />,
    trials: <TrialsTab />,
    account: <MyAccountTab />,
    staff: <StaffTab />,
  };

  return (
    <AdminShell
      documentTitle="Admin Dashboard"
      section={section}
      waiting={stats.data?.data.waiting}
      actions={
        <>
          {canOpen(role, 'customers') && (
            <Button variant="outline" onClick={() => void forceRefreshCustomers()} disabled={reloading}>
              <RefreshCw className={reloading ? 'animate-spin' : undefined} aria-hidden="true" />
              Force Refresh Customers
            </Button>
          )}
          <Button variant="outline" onClick={refreshNotifications}>
            <Bell className={notifications.isFetching ? 'animate-pulse' : undefined} aria-hidden="true" />
            Refresh Notifications
          </Button>
          <LogoutButton />
        </>
      }
    >
      <Suspense fallback={loadingTab}>{panels[tab]}</Suspense>
    </AdminShell>
  );
}
