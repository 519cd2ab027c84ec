import type { FastifyBaseLogger } from 'fastify';
import { scheduleHousekeeping } from './jobs/housekeeping';
import { schedulePaymentReconciliation } from './jobs/payment-reconciliation';
import type { Config } from './config';
import type { Database } from './db/connect';
import { createAccounts } from './features/accounts/service';
import { createAdmins } from './features/admin/service';
import { createCatalog } from './features/catalog/service';
import { createCheckout } from './features/checkout/service';
import { createCouponAdmin } from './features/coupons/admin-coupons';
import { createOrders } from './features/orders/service';
import { createPayments } from './features/payments/card/service';
import { createReports } from './features/reports/service';
import { createSubscriptions } from './features/subscriptions/service';
import { createJobQueue } from './jobs/queue';
import { createCryptoPayments } from './features/payments/crypto/service';
import { createMail } from './features/mail/index';
import { isDemoCrypto, selectCryptoProvider, type CryptoPaymentProvider } from './providers/crypto/index';
import { selectMailProvider, type MailProvider } from './providers/mail';
import { selectCardPaymentProvider, type CardPayments } from './providers/payments/index';
import { selectProvisioningProvider, type ProvisioningProvider } from './providers/provisioning/index';

/** What the application is built from; tests pass their own (ARCHITECTURE D3). */
export interface AppDeps {
  config: Config;
  database: Database;
  /** The built client's folder; null serves the API only (API tests). */
  clientDir: string | null;
  /** Where services log (the demo outbox logs each email's links); silent when absent. */
  logger?: FastifyBaseLogger;
  /** Providers that tests replace; otherwise chosen from the configuration (D7). */
  providers?: { mail?: MailProvider; cardPayments?: CardPayments; crypto?: CryptoPaymentProvider; provisioning?: ProvisioningProvider };
}

/** On a public demonstration store (DEMO_MODE=true) the demo providers take any payment for free. */
function costlessPaymentMethods(config: Config, card: CardPayments, crypto: CryptoPaymentProvider): ReadonlySet<'card' | 'crypto'> {
  const methods = new Set<'card' | 'crypto'>();
  if (!config.DEMO_MODE) return methods;
  if (card.kind === 'demo') methods.add('card');
  if (isDemoCrypto(crypto)) methods.add('crypto');
  return methods;
}

/** The services of every feature, created once per app and reached as `app.services`. */
export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const cardPayments = deps.providers?.cardPayments ?? selectCardPaymentProvider(deps.config, db);
  const jobs = createJobQueue(deps.database, { logger: deps.logger });
  scheduleHousekeeping(jobs, db, deps.logger);
  const mail = createMail({ db, provider: deps.providers?.mail ?? selectMailProvider(deps.config, deps.logger), jobs });
  const accounts = createAccounts({ db, config: deps.config, mail });
  const subscriptions = createSubscriptions({
    db,
    config: deps.config,
    jobs,
    mail,
    provider: deps.providers?.provisioning ?? selectProvisioningProvider(deps.config),
    sendSetupLink: (input) => accounts.sendSetupLink(input),
  });
  const orders = createOrders(db, { onOrderPaid: (orderId) => subscriptions.onOrderPaid(orderId), cardPayments, service: subscriptions });
  const cryptoProvider = deps.providers?.crypto ?? selectCryptoProvider(deps.config, db);
  const checkout = createCheckout(db, {
    cardPayments,
    orders,
    subscriptions,
    costlessPaymentMethods: costlessPaymentMethods(deps.config, cardPayments, cryptoProvider),
  });
  const crypto = createCryptoPayments({ db, config: deps.config, provider: cryptoProvider, checkout, orders });
  const payments = createPayments(db, { cardPayments, orders });
  schedulePaymentReconciliation(jobs, { orders, payments, crypto, logger: deps.logger });
  return {
    catalog: createCatalog(deps.database, { logger: deps.logger }),
    mail,
    accounts,
    admins: createAdmins(db),
    couponAdmin: createCouponAdmin(db),
    reports: createReports(db),
    jobs,
    subscriptions,
    cardPayments,
    orders,
    checkout,
    crypto,
    payments,
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    services: Services;
  }
}
