import { createContext, useContext } from 'react';

/** The store's public address (PUBLIC_URL), given by mail.queue to every email it renders. */
export const StoreAddress = createContext('http://localhost:5000');

/** A page of the store as an absolute address, for an email's text written outside React: `/account` becomes https://<store>/account. */
export const storeLink = (publicUrl: string, path: string): string => `${publicUrl.replace(/\/+$/, '')}${path}`;

/** A page of the store as an absolute address: `/account` becomes https://<store>/account. */
export function useStoreLink(path: string): string {
  return storeLink(useContext(StoreAddress), path);
}
