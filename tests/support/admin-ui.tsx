import type { ReactNode } from 'react';
import type { AdminOrderSummary } from '../../src/contract/admin-orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { dismissToast, useToasts } from '../../src/client/components/ui/use-toast';
import AdminDashboardPage from '../../src/client/pages/AdminDashboardPage';
import AdminLoginPage from '../../src/client/pages/AdminLoginPage';
import AdminPage from '../../src/client/pages/AdminPage';

// A loaded machine (the suite runs beside builds) can take more than the default second to render a tab.
configure({ asyncUtilTimeout: 5000 });

/** The admin pages' unit tests: a fetch answering per "METHOD /path", the pages under a memory router, and the toast shown. */

/** What GET /api/admin/auth answers for a signed-in owner of a store on UTC. */
export const ADMIN_SESSION = { admin: { id: 'a1', username: 'store-owner', role: 'owner' }, store: { timeZone: 'UTC' }, passwordChangeRequired: false, twoFactorSetupRequired: false };
export type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;
export const fetchMock = vi.fn<typeof fetch>();
export const requests: Array<{ method: string; url: URL; init: RequestInit | undefined }> = [];
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export function serve(handlers: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://store.test');
    const method = init?.method ?? 'GET';
    requests.push({ method, url, init });
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(init, url) : json(404, { message: `not stubbed: ${method} ${url.pathname}` });
  });
}
/** A signed-in admin's /admin with its own lists and figures empty: a test of one section adds that section's handlers. */
export const EMPTY_ADMIN: Record<string, Handler> = {
  'GET /api/admin/auth': () => json(200, ADMIN_SESSION),
  'GET /api/admin/stats': () => json(200, EMPTY_STATS),
  'GET /api/admin/customers': () => json(200, [], { 'x-total-count': '0' }),
  'GET /api/purchase-notifications': () => json(200, [], { 'x-total-count': '0' }),
  'GET /api/admin/gift-cards/pending': () => json(200, [], { 'x-total-count': '0' }),
  'GET /api/admin/coupons': () => json(200, [], { 'x-total-count': '0' }),
  'GET /api/admin/currencies': () => json(200, ['USD', 'EUR', 'GBP', 'BRL'].map((currency) => ({ currency, enabled: true }))),
};

export const calls = (method: string, path: string) => requests.filter((request) => request.method === method && request.url.pathname === path);
export const bodyOf = (method: string, path: string, index = 0) => JSON.parse(calls(method, path)[index]!.init!.body as string) as unknown;

/** A toast's title or description as the tests compare it: the store's toasts carry plain text. */
const textOf = (node: ReactNode) => (typeof node === 'string' ? node : '');

export function ToastProbe() {
  const toasts = useToasts().filter((toast) => toast.open);
  return <output data-testid="toast">{toasts.map((toast) => `${textOf(toast.title)}|${textOf(toast.description)}|${toast.variant ?? 'default'}`).join()}</output>;
}
export const toastText = () => screen.getByTestId('toast').textContent;

function renderPages(hook?: Parameters<typeof Router>[0]['hook']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={hook}>
        <Switch>
          <Route path="/admin-login" component={AdminLoginPage} />
          <Route path="/admin" component={AdminPage} />
          <Route path="/admin-dashboard" component={AdminDashboardPage} />
        </Switch>
      </Router>
      <ToastProbe />
    </QueryClientProvider>,
  );
}

export function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  renderPages(location.hook);
  return { location, user: userEvent.setup() };
}

/** The pages on jsdom's own history (pushState, popstate), for a test of the browser's back button. */
export function renderInBrowserHistory(path: string) {
  window.history.replaceState(null, '', path);
  renderPages();
  return { user: userEvent.setup() };
}

/** What Radix's select calls and jsdom lacks, so a test can pick an option with the pointer. */
export function polyfillPointerCapture() {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
}

/** Each test gets a fresh fetch stub; user-event's setup() gives each test a clipboard of its own. */
export function useAdminUi() {
  beforeEach(() => {
    polyfillPointerCapture();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    dismissToast();
    fetchMock.mockReset();
    requests.length = 0;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The overview's figures of an empty store. */
export const EMPTY_STATS = {
  subscriptions: { count: 0, active: 0, uniqueCustomers: 0, devices: 0 },
  revenue: { total: '0.00', thisMonth: '0.00', paidOrders: 0, byCurrency: { USD: '0.00' }, thisMonthByCurrency: { USD: '0.00' }, paidOrdersByCurrency: { USD: 0 } },
  notifications: { count: 0, revenue: '0.00', revenueByCurrency: { USD: '0.00' }, devices: 0, uniqueCustomers: 0 },
  revenueByDay: [],
  waiting: { needsReview: 0, giftCardsOwed: 0, boxesToShip: 0, openTickets: 0 },
};

/** A paid card order as the admin's list shows it; tests change what they need. */
export function orderSummary(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    id: 'SP-1712345678901-123',
    createdAt: '2026-11-20T10:00:00Z',
    paidAt: '2026-11-20T10:01:00Z',
    customerName: 'Mary Jackson',
    customerEmail: 'mary@example.com',
    packageId: 'pkg-1m',
    packageName: '1 Month Premium',
    deviceCount: 2,
    paymentMethod: 'card',
    paymentStatus: 'completed',
    reason: null,
    totalAmount: '21.98',
    currency: 'USD',
    refundedAmount: '0.00',
    receivedAmount: null,
    couponCode: null,
    giftCard: 'Chewy',
    cashbackAmount: '10.00',
    giftCardDelivered: false,
    requiresShipping: false,
    shipmentStatus: null,
    trackingNumber: null,
    giftCardDeliveredAt: null,
    renewal: false,
    ...overrides,
  };
}
