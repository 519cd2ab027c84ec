import { createContext, useContext } from 'react';

/** The store's public address (PUBLIC_URL), given by mail.queue to every email it renders. */
export const StoreAddress = createContext('http://localhost:5000');

/** A page of the store as an absolute address: `/account` becomes https://<store>/account. */
export function useStoreLink(path: string): string {
  return `${useContext(StoreAddress).replace(/\/+$/, '')}${path}`;
}
