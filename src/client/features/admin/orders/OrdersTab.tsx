import { Receipt } from 'lucide-react';
import { PagedList } from '../shared/PagedList';
import type { OrderFilters as Filters } from '../../../lib/admin-query-keys';
import { NO_ORDER_FILTERS, useAdminOrders } from './order-queries';
import { useListPage } from '../shared/use-list-page';
import { useUrlParams } from '../shared/use-url-params';
import { OrderDialogs, useOrderDialogs } from './OrderDialogs';
import { OrderFilters } from './OrderFilters';
import { OrderTable } from './OrderTable';

/** The orders' filters as the address's ?status=, ?package=, ?from=, ?to= and ?review=1 (docs/decisions/0035). */
function useOrderUrlFilters() {
  const { params, set } = useUrlParams();
  const filters: Filters = {
    paymentStatus: params.get('status') ?? '',
    packageId: params.get('package') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    needsReview: params.get('review') === '1',
  };
  // A new filter starts again at the first page, in the same history entry.
  const setFilters = (next: Filters) =>
    set({ status: next.paymentStatus, package: next.packageId, from: next.from, to: next.to, review: next.needsReview ? '1' : null, page: null });
  return { filters, setFilters };
}

/** Every order, newest first, filtered and searched on the server; an order opens in a dialog with its actions. */
export function OrdersTab() {
  const paging = useListPage();
  const { filters, setFilters } = useOrderUrlFilters();
  const orders = useAdminOrders(paging.page, filters);
  const dialogs = useOrderDialogs();
  const filtered = (Object.keys(filters) as Array<keyof Filters>).some((name) => filters[name] !== NO_ORDER_FILTERS[name]);

  return (
    <div className="grid min-w-0 gap-4">
      <OrderFilters filters={filters} onChange={setFilters} />
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
