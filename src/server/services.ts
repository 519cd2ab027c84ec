import type { FastifyBaseLogger } from 'fastify';
import type { BlocklistQuery } from '#contract/admin-blocklist';
import type { Config } from './config';
import type { Database, DbOrTx } from './db/connect';
import { createAccounts, findCustomer, timeZoneOf } from '#server/features/accounts/index';
import { createAdmins, createStaff } from '#server/features/admin/index';
import { blocklistPage, findBlocklistMatch } from '#server/features/blocklist/index';
import { createCatalog } from '#server/features/catalog/index';
import { createCouponAdmin } from '#server/features/coupons/index';
import { createIncidentReads, createStoreStatus } from '#server/features/incidents/index';
import { createMail } from '#server/features/mail/index';
import { createOrders, shipmentsOfSubscriptions } from '#server/features/orders/index';
import { createCryptoPayments, createPayments, moveCustomerCards, savedCardSummaries } from '#server/features/payments/index';
import { panelHealthNow } from '#server/features/panel-watch/index';
import { createReports, renewalCurrenciesOf } from '#server/features/reports/index';
import { renewalStatesOf } from '#server/features/renewals/index';
import { createTelegram } from '#server/features/telegram/index';
import { createSubscriptions } from '#server/features/subscriptions/index';
import { HOUSEKEEPING_CRON, HOUSEKEEPING_JOB, runHousekeeping } from './http/housekeeping';
import { endAdminSessions, endCustomerSessions } from './http/sessions';
import { createJobQueue } from './jobs/queue';
import { systemClock, type Clock } from './lib/clock';
import { createStoreMetrics } from './lib/metrics/store-metrics';
import { observeCalls } from './lib/observed-calls';
import { isDemoCrypto, selectCryptoProvider, type CryptoPaymentProvider } from './providers/crypto/index';
import { selectMailProvider, type MailProvider } from './providers/mail';
import { selectCardPaymentProvider, type CardPayments } from './providers/payments/index';
import { panelCallResult, selectProvisioningProvider, type ProvisioningProvider } from './providers/provisioning/index';
import { selectTelegramProvider, type TelegramProvider } from './providers/telegram/index';
import { createAccountLinks } from './workflows/account-links';
import { createBlocklistWorkflow } from './workflows/blocklist';
import { createAdminChanges } from './workflows/admin-changes';
import { createDisputesWorkflow } from './workflows/disputes';
import { createCardPaymentWorkflow } from './workflows/card-payment';
import { createCryptoPaymentWorkflow } from './workflows/crypto-payment';
import { createDeviceActions } from './workflows/device-actions';
import { createRenewalSchedule } from './workflows/renewals/reminder-schedule';
import { createCryptoRenewalInvoices, renewalInvoiceFacts } from './workflows/renewals/crypto-invoices';
import { createOrderAccountWorkflow } from './workflows/order-account';
import { createOrderAdminWorkflow } from './workflows/order-admin';
import { createOrderConfirmation } from './workflows/order-confirmation';
import { createPaidOrderWorkflow } from './workflows/paid-order';
import { createPanelWatch } from './workflows/panel-watch';
import { createProvisioningWorkflow } from './workflows/provisioning';
import { schedulePaymentReconciliation } from './workflows/payment-reconciliation';
import { createPlaceOrderWorkflow } from './workflows/place-order';
import { scheduleBackups } from './workflows/scheduled-backups';
import { createShipmentsWorkflow } from './workflows/shipments';
import { createRenewalAdmin } from './workflows/renewals/admin';
import { createRenewalCharges } from './workflows/renewals/charges';
import { createRenewalConfirmation } from './workflows/renewals/confirmation';
import { createSavedCardRenewal } from './workflows/renewals/saved-card-checkout';
import { createSavedCardWorkflow } from './workflows/renewals/saved-cards';
import { createTrialSignupWorkflow } from './workflows/trial-signup';
import { createIncidentsWorkflow } from './workflows/incidents';
import { createStaffAlerts } from './workflows/staff-alerts';
import { createSupportWorkflow } from './workflows/support';
import { createTelegramAlerts, mirrorEmailsToTelegram } from './workflows/telegram';

/** What the application is built from; tests pass their own (ARCHITECTURE D3). */
export interface AppDeps {
  config: Config;
  database: Database;
  /** The built client's folder; null serves the API only (API tests). */
  clientDir: string | null;
  /** Where services log (the demo outbox logs each email's links); silent when absent. */
  logger?: FastifyBaseLogger;
  /** Providers that tests replace; otherwise chosen from the configuration (D7). */
  providers?: { mail?: MailProvider; cardPayments?: CardPayments; crypto?: CryptoPaymentProvider; provisioning?: ProvisioningProvider; telegram?: TelegramProvider };
  /** The server's time; tests pass a settable one. The system clock when absent. */
  clock?: Clock;
}

/** On a public demonstration store (DEMO_MODE=true) the demo providers take any payment for free. */
function costlessPaymentMethods(config: Config, card: CardPayments, crypto: CryptoPaymentProvider): ReadonlySet<'card' | 'crypto'> {
  const methods = new Set<'card' | 'crypto'>();
  if (!config.DEMO_MODE) return methods;
  if (card.kind === 'demo') methods.add('card');
  if (isDemoCrypto(crypto)) methods.add('crypto');
  return methods;
}

/**
 * The services of every feature, then the workflows that join them (ARCHITECTURE.md
 * "Layout"): created once per app, each route plugin handed the ones it uses (decision 0080). Features are built from
 * providers and lower features only; a flow that crosses features is a workflow, built
 * here from their faces, and routes call it.
 */
export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const clock = deps.clock ?? systemClock;
  const cardPayments = deps.providers?.cardPayments ?? selectCardPaymentProvider(deps.config, db);
  const cryptoProvider = deps.providers?.crypto ?? selectCryptoProvider(deps.config, db);
  const jobs = createJobQueue(deps.database, { logger: deps.logger });
  // One registry per app, handed to what counts (decision 0091); the job queue and the pool are read when scraped.
  const { pool } = deps.database;
  const metrics = createStoreMetrics({
    pool: pool && { counts: pool, max: deps.config.DATABASE_POOL_SIZE },
    jobsWaiting: () => jobs.waitingByQueue(),
    onCollectError: (metric, err) => deps.logger?.warn({ err, metric }, 'a metric could not be read for a scrape'),
  });
  jobs.work(HOUSEKEEPING_JOB, async () => {
    const removed = await runHousekeeping(db);
    deps.logger?.info({ removed }, 'housekeeping done');
  });
  jobs.schedule(HOUSEKEEPING_JOB, HOUSEKEEPING_CRON);
  const backups = scheduleBackups(jobs, { config: deps.config, database: deps.database, clock, logger: deps.logger });

  // The features.
  const telegramProvider = deps.providers?.telegram ?? selectTelegramProvider(deps.config, deps.logger);
  const telegram = createTelegram({
    db,
    provider: telegramProvider,
    jobs,
    clock,
    config: deps.config,
    logger: deps.logger,
    customerLocale: async (tx, customerId) => (await findCustomer(tx, customerId))?.locale ?? null,
  });
  const createdMail = createMail({
    db,
    provider: deps.providers?.mail ?? selectMailProvider(deps.config, deps.logger),
    jobs,
    clock,
    publicUrl: deps.config.PUBLIC_URL,
    secret: deps.config.SESSION_SECRET,
    metrics,
  });
  // A customer with a linked chat gets reminders and renewal results in Telegram as well (decision 0103).
  const mail = mirrorEmailsToTelegram(createdMail, { db, telegram });
  const telegramAlerts = createTelegramAlerts({ telegram, publicUrl: deps.config.PUBLIC_URL });
  const accounts = createAccounts({ db, config: deps.config });
  const panel = deps.providers?.provisioning ?? selectProvisioningProvider(deps.config);
  // Every call to a panel is counted and timed from outside it, whatever methods it has (decision 0091); the generator calls nothing.
  const provisioning =
    panel.kind === 'generator' ? panel : observeCalls(panel, (action, error, seconds) => metrics.panelCalled(action, panelCallResult(error), seconds));
  /** The zone a customer's dates are written in (decision 0074): the accounts feature's fact, handed to the workflows that write dates. */
  const zoneOf = async (tx: DbOrTx, customerId: string | null) => {
    const customer = customerId ? await findCustomer(tx, customerId) : null;
    return customer ? timeZoneOf(customer, deps.config.STORE_TIME_ZONE) : deps.config.STORE_TIME_ZONE;
  };
  const savedCardSummariesOf = (ids: string[]) => savedCardSummaries(db, ids);
  const subscriptions = createSubscriptions({
    db,
    config: deps.config,
    jobs,
    provider: provisioning,
    clock,
    savedCards: savedCardSummariesOf,
    renewalStates: (ids) => renewalStatesOf(db, ids),
    renewalCurrencies: (ids) => renewalCurrenciesOf(db, ids),
    shipmentsOf: (ids) => shipmentsOfSubscriptions(db, ids),
  });
  const orders = createOrders(db, { cardPayments, metrics });
  const crypto = createCryptoPayments({ db, config: deps.config, provider: cryptoProvider, orders });
  // A card on the blocklist does not complete the order it paid (decision 0099).
  const blockedCard = async (cardFingerprint: string) => {
    const match = await findBlocklistMatch(db, { cardFingerprint }, clock.now());
    return match && `blocklist entry ${match.id}: ${match.reason}`;
  };
  const payments = createPayments(db, { cardPayments, orders, blockedCard });

  // The workflows, above them.
  const blocklist = createBlocklistWorkflow({
    db,
    clock,
    cardFingerprintOf: async (paymentIntentId) => (await cardPayments.retrieve(paymentIntentId))?.cardFingerprint ?? null,
  });
  const savedCards = createSavedCardWorkflow({ db, clock, cardPayments, subscriptions, mail, config: deps.config, logger: deps.logger });
  const accountLinks = createAccountLinks({ db, accounts, mail, moveSavedCards: moveCustomerCards, endCustomerSessions, blocklist });
  const provisioningFlow = createProvisioningWorkflow({ db, subscriptions, mail, publicUrl: deps.config.PUBLIC_URL, savedCards: savedCardSummariesOf, zoneOf });
  const confirmation = createOrderConfirmation({
    db,
    mail,
    clock,
    publicUrl: deps.config.PUBLIC_URL,
    storeTimeZone: deps.config.STORE_TIME_ZONE,
    savedCards: savedCardSummariesOf,
    zoneOf,
  });
  /** A trial's instant and the store's zone, whose day its budget and network limit count (decision 0101). */
  const trialTime = () => ({ now: clock.now(), timeZone: deps.config.STORE_TIME_ZONE });
  const paidOrder = createPaidOrderWorkflow({ db, jobs, orders, provisioning: provisioningFlow, confirmation, accounts: accountLinks, savedCards, alerts: telegramAlerts });
  const placeOrder = createPlaceOrderWorkflow({
    db,
    subscriptions,
    payments,
    paidOrder,
    blocklist,
    costlessPaymentMethods: costlessPaymentMethods(deps.config, cardPayments, cryptoProvider),
    metrics,
    trialTime,
  });
  schedulePaymentReconciliation(jobs, { orders, payments, crypto, paidOrder, logger: deps.logger });
  const orderAdmin = createOrderAdminWorkflow({ db, orders, subscriptions, paidOrder, mail });
  // Disputes and early fraud warnings (decision 0100): Stripe's webhook and the demo bank hand their events here.
  const disputes = createDisputesWorkflow({ db, clock, cardPayments, subscriptions, mail, config: deps.config, blocklist, orderAdmin });
  const cardPayment = createCardPaymentWorkflow({ payments, paidOrder, disputes });
  const renewalCharges = createRenewalCharges({ db, jobs, clock, config: deps.config, cardPayments, cardPayment, orders, mail, metrics, blocklist, logger: deps.logger });

  const catalog = createCatalog(deps.database, { logger: deps.logger });
  const couponAdmin = createCouponAdmin(db);
  const admins = createAdmins(db, clock);
  const staff = createStaff(db);
  const deviceActions = createDeviceActions({ db, devices: subscriptions.devices, blocklist, logger: deps.logger });
  // Tickets with their line state, goodwill days and device actions (decision 0102).
  const support = createSupportWorkflow({
    db,
    clock,
    jobs,
    mail,
    subscriptions,
    deviceActions,
    staffAlerts: createStaffAlerts({ db, telegram: telegramAlerts, logger: deps.logger }),
    publicUrl: deps.config.PUBLIC_URL,
    storeTimeZone: deps.config.STORE_TIME_ZONE,
    logger: deps.logger,
  });
  const storeStatus = createStoreStatus({ db, clock, panelHealth: () => panelHealthNow(db, clock.now()) });

  return {
    metrics,
    catalog,
    mail,
    telegram,
    /** The staff chat's alerts; `newTicket` is the tickets workflow's hook (decision 0103). */
    telegramAlerts,
    accounts,
    admins,
    staff,
    couponAdmin,
    reports: createReports(db, { timeZone: deps.config.STORE_TIME_ZONE, graceDays: deps.config.GRACE_DAYS, clock }),
    jobs,
    subscriptions,
    cardPayments,
    orders,
    crypto,
    paidOrder,
    placeOrder,
    savedCards,
    clock,
    renewalSchedule: createRenewalSchedule({
      db,
      jobs,
      mail,
      subscriptions,
      placeOrder,
      cryptoInvoices: createCryptoRenewalInvoices({ db, crypto }),
      config: deps.config,
      clock,
      logger: deps.logger,
    }),
    accountLinks,
    trialSignup: createTrialSignupWorkflow({ db, accountLinks, placeOrder, paidOrder, blocklist, trialTime }),
    trialTime,
    cardPayment,
    renewalCharges,
    renewalConfirmation: createRenewalConfirmation({ db, clock, config: deps.config, cardPayments, cardPayment, paidOrder }),
    savedCardRenewal: createSavedCardRenewal({ db, placeOrder, cardPayments, cardPayment, paidOrder, subscriptions, savedCards }),
    renewalAdmin: createRenewalAdmin({ db, clock, renewalCharges, mail, config: deps.config }),
    cryptoPayment: createCryptoPaymentWorkflow({ crypto, placeOrder, paidOrder, renewalInvoices: renewalInvoiceFacts({ db, clock, zoneOf }) }),
    deviceActions,
    support,
    orderAdmin,
    disputes,
    shipments: createShipmentsWorkflow({ db, mail, zoneOf }),
    adminChanges: createAdminChanges({ db, catalog, couponAdmin, admins, staff, endAdminSessions }),
    orderAccount: createOrderAccountWorkflow({ db, accounts, mail }),
    // The provisioning panel checked each minute, and the owner alerted (decision 0093).
    panelWatch: createPanelWatch({
      db,
      jobs,
      provider: provisioning,
      mail,
      telegram: telegramProvider,
      clock,
      config: deps.config,
      logger: deps.logger,
    }),
    /** The scheduled backups (BACKUP_DIR), or null. */
    backups,
    storeStatus,
    blocklist,
    blocklistPage: (query: BlocklistQuery) => blocklistPage(db, query, clock),
    incidentReads: createIncidentReads(db, clock),
    incidents: createIncidentsWorkflow({ db, jobs, clock, mail, subscriptions, storeStatus, config: deps.config, logger: deps.logger }),
  };
}

export type Services = ReturnType<typeof createServices>;
