/**
 * Every table of the store, gathered for drizzle-kit's migrations (and for tests that look
 * at rows). Each table is defined by the one part of the server that writes it
 * (ARCHITECTURE.md, "Each table has one owner"; decision 0031); no server code imports this
 * index. It sits on the wiring floor, beside services.ts, because it imports every feature.
 */
export * from './features/catalog/schema';
export * from './features/accounts/schema';
export * from './features/orders/schema';
export * from './features/subscriptions/schema';
export * from './features/coupons/schema';
export * from './features/admin/schema';
export * from './http/schema';
export * from './lib/schema';
export * from './features/checkout/schema';
export * from './features/payments/schema';
export * from './providers/payments/schema';
export * from './providers/crypto/schema';
export * from './features/mail/schema';
export * from './features/audit/schema';
export * from './features/renewals/schema';
export * from './features/panel-watch/schema';
export * from './features/incidents/schema';
export * from './features/policies/schema';
export * from './features/blocklist/schema';
export * from './features/disputes/schema';
export * from './features/support/schema';
export * from './features/telegram/schema';
