import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { splitLocalePath } from '#domain/locale-paths';
import { CheckoutShell } from '../features/checkout';
import { preloadMessages, t } from '../lib/i18n';
import { PAGE_SHELL_ID } from './page-shell-slot';

/** Resolves once the browser has painted the current frame. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Every route of the spec's table; each page, the landing page too, loads on demand, so the
 * entry chunk is the app's shell alone and no page pays for another's code. The server names
 * the page's chunks as module preloads in its route's HTML, checkout's excepted: its shell
 * paints first (PageLoading; decision 0024). The landing page's shell comes in its HTML
 * (decision 0060).
 */
const PolicyPage = lazy(() => import('../pages/PolicyPage'));
/**
 * The admin's pages show the customer's devices with the devices area's words (decision 0111):
 * loaded with the page, so that opening an order never suspends it while a dialog is open.
 */
const withDeviceWords = <T,>(page: Promise<T>) => Promise.all([page, preloadMessages('devices')]).then(([module]) => module);
const pages: Array<[path: string, page: LazyExoticComponent<ComponentType>]> = [
  ['/', lazy(() => import('../pages/LandingPage'))],
  // Requested once checkout's shell (PageLoading) is on screen, not while the first frame paints.
  ['/checkout', lazy(() => afterPaint().then(() => import('../pages/CheckoutPage')))],
  ['/login', lazy(() => import('../pages/LoginPage'))],
  ['/register', lazy(() => import('../pages/RegisterPage'))],
  ['/account', lazy(() => import('../pages/AccountPage'))],
  // Beyond the spec's table: a payment's printable receipt, from the account's Billing section.
  ['/account/receipts/:orderId', lazy(() => import('../pages/ReceiptPage'))],
  ['/setup/:token', lazy(() => import('../pages/SetupPage'))],
  ['/password-setup', lazy(() => import('../pages/PasswordSetupPage'))],
  ['/admin', lazy(() => withDeviceWords(import('../pages/AdminPage')))],
  ['/admin-login', lazy(() => import('../pages/AdminLoginPage'))],
  ['/admin-dashboard', lazy(() => withDeviceWords(import('../pages/AdminDashboardPage')))],
  // Beyond the spec's table: the unsubscribe link of a reminder email (decision 0040).
  ['/unsubscribe', lazy(() => import('../pages/UnsubscribePage'))],
  // The link of an automatic renewal's "Confirm your renewal payment" email (3-D Secure).
  ['/renewals/:id/confirm', lazy(() => import('../pages/RenewalConfirmPage'))],
  // Beyond the spec's table: support requests, a guest's form and a ticket by its emailed link (decision 0102).
  ['/support', lazy(() => import('../pages/SupportPage'))],
  ['/support/ticket/:id', lazy(() => import('../pages/SupportTicketPage'))],
  // Beyond the spec's table: the public status page and its incidents (decision 0094).
  ['/status', lazy(() => import('../pages/StatusPage'))],
  // Beyond the spec's table: the store's policies, one page for the three (decision 0097).
  ...['/terms', '/privacy', '/refund-policy'].map((path): [string, LazyExoticComponent<ComponentType>] => [path, PolicyPage]),
];
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

/**
 * The page shell the server put in this document's HTML (the landing page's hero), read
 * before the app's first render replaces it: it was painted before any script had run. Its
 * path as the router sees it, without the language's prefix.
 */
const firstDocument = { path: splitLocalePath(window.location.pathname).path, shell: document.getElementById(PAGE_SHELL_ID)?.innerHTML };

function PageLoading() {
  const [location] = useLocation();
  // The shell painted from this document's HTML stays until its page arrives (decision 0060).
  if (location === firstDocument.path && firstDocument.shell) {
    // The build's own markup (prerender-shells.tsx), never a visitor's input.
    return <div id={PAGE_SHELL_ID} className="contents" dangerouslySetInnerHTML={{ __html: firstDocument.shell }} />;
  }
  // Checkout's frame and title paint before its page's code has arrived (decision 0024).
  if (location === '/checkout') return <CheckoutShell />;
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <span className="sr-only">{t('site.loading')}</span>
    </div>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {pages.map(([path, Page]) => (
          <Route key={path} path={path} component={Page} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
