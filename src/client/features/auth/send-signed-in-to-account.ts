import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useCurrentCustomer } from '../../lib/session';

/** /login and /register have nothing to offer a customer who is already signed in. */
export function useSendSignedInToAccount(): void {
  const customer = useCurrentCustomer();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (customer.data) navigate('/account', { replace: true });
  }, [customer.data, navigate]);
}
