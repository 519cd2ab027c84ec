import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CustomerProfile } from '#contract/accounts';
import { MAIN_ID } from '../../components/SkipLink';
import { useMessages } from '../../lib/i18n';
import { useCurrentCustomer } from '../../lib/session';
import { CustomerTimeZone } from './customer-time-zone';

function LoadingAccount() {
  const t = useMessages('account');
  return (
    <main id={MAIN_ID} tabIndex={-1} className="flex min-h-screen items-center justify-center px-4" role="status" aria-live="polite">
      <p className="flex items-center gap-3 text-muted-foreground">
        <span className="size-5 animate-spin rounded-full border-2 border-muted border-t-primary" aria-hidden="true" />
        {t('account.loading')}
      </p>
    </main>
  );
}

/**
 * Shows the account only to a signed-in customer (spec section 2 "Account"): 'Loading your
 * account...' while asking, and /login for a guest or a failed check. Every date under it is
 * written in the customer's zone (decision 0074).
 */
export function AccountGate({ children }: { children: (customer: CustomerProfile) => ReactNode }) {
  const [, navigate] = useLocation();
  const me = useCurrentCustomer();

  // A guest (no customer) or a failed check: the account page is for signed-in customers.
  const signedOut = !me.isFetching && (me.isError || me.data === null);
  useEffect(() => {
    if (signedOut) navigate('/login', { replace: true });
  }, [signedOut, navigate]);

  if (!me.data) return <LoadingAccount />;
  return <CustomerTimeZone.Provider value={me.data.timeZone}>{children(me.data)}</CustomerTimeZone.Provider>;
}
