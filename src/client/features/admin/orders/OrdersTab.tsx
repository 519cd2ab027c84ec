import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { PagedList } from '../shared/PagedList';
import type { OrderFilters as Filters } from '../../../lib/query-keys';
import { NO_ORDER_FILTERS, useAdminOrders } from './order-queries';
import { useListPage } from '../shared/use-list-page';
import { OrderDialogs, useOrderDialogs } from './OrderDialogs';
import { OrderFilters } from './OrderFilters';
import { OrderTable } from './OrderTable';

/** Every order, newest first, filtered and searched on the server; an order opens in a dialog with its actions. */
export function OrdersTab() {
  const paging = useListPage();
  const [filters, setFilters] = useState<Filters>(NO_ORDER_FILTERS);
  const orders = useAdminOrders(paging.page, filters);
  const dialogs = useOrderDialogs();
  const filtered = filters !== NO_ORDER_FILTERS;

  return (
    <div className="grid min-w-0 gap-4">
      <OrderFilters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          paging.first();
        }}
      />
      <PagedList
        label="orders"
        searchId="orders-search"
        paging={paging}
        query={orders}
        empty={{
          icon: <Receipt aria-hidden="true" />,
          title: 'No Orders',
          hint: filtered ? 'No order matches these filters: widen the dates or clear a filter.' : 'Orders appear here as soon as a buyer checks out.',
        }}
      >
        {(items) => <OrderTable orders={items} onOpen={dialogs.setOpen} />}
      </PagedList>
      <OrderDialogs state={dialogs} />
    </div>
  );
}
