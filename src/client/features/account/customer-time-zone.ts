import { createContext, useContext } from 'react';
import { DEFAULT_STORE_TIME_ZONE } from '#domain/store-time';

/**
 * The zone the signed-in customer's dates and times are written in, as the server gives it
 * (decision 0074): their own, or the store's until theirs is known; never the browser's, so
 * a page and an email say the same day. AccountGate provides it.
 */
export const CustomerTimeZone = createContext<string>(DEFAULT_STORE_TIME_ZONE);

export const useCustomerTimeZone = () => useContext(CustomerTimeZone);
