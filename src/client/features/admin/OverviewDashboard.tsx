import { Bell, Gift, RefreshCw, Ticket, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AdminShell } from './AdminShell';
import { CouponsTab } from './CouponsTab';
import { CustomerSubscriptionsTab } from './CustomerSubscriptionsTab';
import { GiftCardsTab } from './GiftCardsTab';
import { PurchaseNotificationsTab } from './PurchaseNotificationsTab';
import { useAdminCoupons, useAdminStats, useCustomerRecords, useOwedGiftCards, usePurchaseNotifications } from './use-admin-queries';
import { useListPage } from './use-list-page';

/**
 * /admin: the customer subscriptions and the purchase notifications, each polled every 30 s
 * (spec section 2), the gift cards still owed to paid orders, and the coupons.
 */
export function OverviewDashboard() {
  const customerPaging = useListPage();
  const notificationPaging = useListPage();
  // Both lists are held here, not in their tabs, so each keeps polling while the other tab shows.
  const records = useCustomerRecords(customerPaging.page, 'overview');
  const notifications = usePurchaseNotifications(notificationPaging.page);
  const giftCardPaging = useListPage();
  const owedGiftCards = useOwedGiftCards(giftCardPaging.page);
  const couponPaging = useListPage();
  const coupons = useAdminCoupons(couponPaging.page);
  const stats = useAdminStats();
  const [reloading, setReloading] = useState(false);

  const forceRefreshCustomers = async () => {
    setReloading(true);
    await records.refetch();
    window.location.reload();
  };
  const refreshNotifications = () => {
    void notifications.refetch();
    void stats.refetch();
  };

  return (
    <AdminShell
      documentTitle="Admin Dashboard"
      actions={
        <>
          <Button variant="outline" onClick={() => void forceRefreshCustomers()} disabled={reloading}>
            <RefreshCw className={reloading ? 'animate-spin' : undefined} aria-hidden="true" />
            Force Refresh Customers
          </Button>
          <Button variant="outline" onClick={refreshNotifications}>
            <Bell className={notifications.isFetching ? 'animate-pulse' : undefined} aria-hidden="true" />
            Refresh Notifications
          </Button>
        </>
      }
    >
      <Tabs defaultValue="customers" className="min-w-0">
        <TabsList aria-label="Admin lists">
          <TabsTrigger value="customers">
            <Users aria-hidden="true" />
            Customer Subscriptions
          </TabsTrigger>
          <TabsTrigger value="notifications">
            <Bell aria-hidden="true" />
            Purchase Notifications
          </TabsTrigger>
          <TabsTrigger value="gift-cards">
            <Gift aria-hidden="true" />
            Gift Cards
          </TabsTrigger>
          <TabsTrigger value="coupons">
            <Ticket aria-hidden="true" />
            Coupons
          </TabsTrigger>
        </TabsList>
        <TabsContent value="customers">
          <CustomerSubscriptionsTab stats={stats.data?.data} records={records} paging={customerPaging} />
        </TabsContent>
        <TabsContent value="notifications">
          <PurchaseNotificationsTab stats={stats.data?.data} notifications={notifications} paging={notificationPaging} />
        </TabsContent>
        <TabsContent value="gift-cards">
          <GiftCardsTab owed={owedGiftCards} paging={giftCardPaging} />
        </TabsContent>
        <TabsContent value="coupons">
          <CouponsTab coupons={coupons} paging={couponPaging} />
        </TabsContent>
      </Tabs>
    </AdminShell>
  );
}
