import { createContext, useContext } from 'react';
import { DEFAULT_STORE_TIME_ZONE } from '#domain/store-time';

/**
 * The store's time zone, as the admin session answer gives it (decision 0034): every admin
 * date is written in it, whatever zone the browser is in. AdminGate provides it.
 */
export const StoreTimeZone = createContext<string>(DEFAULT_STORE_TIME_ZONE);

export const useStoreTimeZone = () => useContext(StoreTimeZone);
