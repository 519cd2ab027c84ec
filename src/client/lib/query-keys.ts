import type { CurrencyCode } from '#domain/currencies';
import { apiRoutes } from './api-routes';

/**
 * Every query key of the storefront, in one module (decision 0030; the admin's are in
 * admin-query-keys.ts, decision 0082). A key starts with the path of the call that loads it
 * (spec section 7: the data-loading call GETs the key's path).
 */
export const queryKeys = {
  /** One list per currency, each under the list's path, so that clearing the path clears them all. */
  packages: (currency: CurrencyCode) => [apiRoutes.packages, currency] as const,
  storeConfig: [apiRoutes.storeConfig],
  storeStatus: [apiRoutes.status],
  trialAvailability: [apiRoutes.trialAvailability],
  policy: (name: string) => [apiRoutes.policy(name)],
  currentCustomer: [apiRoutes.currentCustomer],
  setupLink: (token: string) => [apiRoutes.setupLink(token)],
  subscriptions: [apiRoutes.subscriptions],
  /** One "Update card" attempt's SetupIntent: apart from the subscriptions, whose refreshes must not open another. */
  cardSetup: (subscriptionId: string) => [apiRoutes.cardSetup(subscriptionId)],
  customerOrders: [apiRoutes.customerOrders],
  billing: [apiRoutes.billing],
  /** Under the billing key, so whatever clears the customer's payments clears their receipts too. */
  receipt: (orderId: string) => [apiRoutes.billing, orderId] as const,
  deviceStatus: (deviceId: string) => [apiRoutes.deviceStatus(deviceId)],
  emailPreferences: [apiRoutes.emailPreferences],
  telegram: [apiRoutes.telegram],
  unsubscribeLink: (token: string) => [apiRoutes.unsubscribeLink(token)],
  renewal: (renewalId: string, token: string) => [apiRoutes.renewal(renewalId, token)],
  supportTickets: [apiRoutes.supportTickets],
  /** Under the list's key, so a new message refreshes both; the token (a guest's link) is part of what was read. */
  supportTicket: (ticketId: string, token: string | null) => [apiRoutes.supportTickets, ticketId, token] as const,
} as const;

/** What a sign-in must not leave behind of the customer who used the tab before (a sign-out clears every query). */
export const customerKeys = [queryKeys.currentCustomer, queryKeys.subscriptions, queryKeys.customerOrders, queryKeys.billing, queryKeys.emailPreferences, queryKeys.supportTickets, queryKeys.telegram] as const;
