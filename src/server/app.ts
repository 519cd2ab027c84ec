import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountRoutes } from '#server/features/accounts/index';
import { adminRoutes } from '#server/features/admin/index';
import { adminBlocklistRoutes } from '#server/features/blocklist/index';
import { catalogRoutes } from '#server/features/catalog/index';
import { adminTrialRoutes, checkoutRoutes } from '#server/features/checkout/index';
import { couponRoutes } from '#server/features/coupons/index';
import { adminIncidentRoutes, statusRoutes } from '#server/features/incidents/index';
import { mailRoutes } from '#server/features/mail/index';
import { telegramAccountRoutes, telegramWebhookRoutes } from '#server/features/telegram/index';
import { adminPanelRoutes } from '#server/features/panel-watch/index';
import { cryptoRoutes, paymentRoutes, stripeWebhookRoutes } from '#server/features/payments/index';
import { adminDisputeRoutes, demoBankRoutes } from '#server/features/disputes/index';
import { adminPolicyRoutes, policyRoutes } from '#server/features/policies/index';
import { adminRenewalRoutes, autoRenewRoutes, renewalRoutes } from '#server/features/renewals/index';
import { billingRoutes } from '#server/features/reports/index';
import { adminDeviceRoutes, deviceRoutes, subscriptionRoutes } from '#server/features/subscriptions/index';
import { adminSupportRoutes, supportRoutes } from '#server/features/support/index';
import { healthRoutes } from './http/health';
import { installLoadShedding, sheddingLimits } from './http/load-shedding';
import { metricsRoutes } from './http/metrics-route';
import { installRequestMetrics } from './http/request-metrics';
import { siteCompression } from './http/compression';
import { installAccessLog } from './http/access-log';
import { installErrorHandling } from './http/errors';
import { installStrictJsonParser } from './http/json-bodies';
import { createRequestIds } from './http/request-id';
import { serveClientApp } from './http/client-app';
import { installSecurityHeaders } from './http/security';
import { answerUnreadablePath, installNormalApiPaths } from './http/normal-paths';
import { installSameOriginGuard } from './http/same-origin';
import { trustProxyOption } from './config';
import { createBrowserIdOf } from './http/browser-id';
import { createSessions } from './http/sessions';
import { createServices, type AppDeps, type Services } from './services';
import type { StaffRole } from '#contract/admin-staff';

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's request and response schemas, which the fuzz test builds its requests from. */
  schema?: FastifySchema;
  /** The staff roles an admin route allows (decision 0098), which the role walk calls it as. */
  roles?: readonly StaffRole[];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: readonly RegisteredRoute[];
  }
}

export interface BuildOptions {
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** Services built elsewhere (tests replace a provider); by default made from deps. */
  services?: Services;
}

/** Builds the application without listening, so tests can use app.inject() (D3). */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // One line per answer from installAccessLog instead of Fastify's two (decision 0022).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    genReqId: createRequestIds(),
    // A path the router cannot decode (a lone or double-encoded escape) fails before any hook:
    // answered in the store's one error shape, not Fastify's own (decision 0027).
    frameworkErrors: answerUnreadablePath,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installStrictJsonParser(app);
  if (options.logger) installAccessLog(app);
  // Before every route, the fast lane's too: an API path is read one way only (decision 0027).
  installNormalApiPaths(app);

  // Every route as registered: the admin guard's and the fuzz tests walk them all, so none can be missed.
  const routeList: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, schema: route.schema, roles: route.config?.staff?.roles });
  });
  app.decorate('routeList', routeList);

  // No service bag on the instance: each route plugin is registered with what it uses (decision 0080).
  const services = options.services ?? createServices(deps);
  const { db } = deps.database;
  const { config } = deps;
  // Before every route: each answer is timed, and an overloaded process sheds what is not marked never to shed (decision 0091).
  installRequestMetrics(app, services.metrics);
  await installLoadShedding(app, sheddingLimits(config), (reason) => services.metrics.requestShed(reason));
  const sessions = createSessions({ db, config });
  const browserIdOf = createBrowserIdOf(config);
  // Closing the app stops this instance's job workers (not the database, which main closes).
  app.addHook('onClose', () => services.jobs.stop());
  // With SMTP, emails add their delivery jobs inside transactions: the queue is installed first (decision 0028).
  app.addHook('onReady', () => services.mail.prepare());
  // Telegram's deliveries are added inside transactions too, and Telegram is told the webhook (decision 0103).
  app.addHook('onReady', () => services.telegram.prepare());
  // Package changes made on other instances clear this one's package list (decision 0017).
  app.addHook('onReady', () => services.catalog.followChanges());
  app.addHook('onClose', () => services.catalog.stopFollowing());

  // The fast lane: liveness and the package list need no cookies, sessions or per-request
  // compression, so they sit outside the site's plugins (see catalog/routes.ts).
  await app.register(healthRoutes, { database: deps.database });
  await app.register(metricsRoutes, { registry: services.metrics.registry, token: config.METRICS_TOKEN });
  await app.register(catalogRoutes, { catalog: services.catalog });
  await app.register(telegramWebhookRoutes, { telegram: services.telegram, demo: services.telegram.demo });

  // Everything else: security headers, compression, cookies, the same-origin guard.
  await app.register(async function site(app) {
    await installSecurityHeaders(app, config);
    await app.register(compress, siteCompression);
    await app.register(cookie, { secret: config.SESSION_SECRET });
    installSameOriginGuard(app, config);

    const { accounts, accountLinks, adminChanges, admins, cardPayment, cardPayments, catalog, clock, couponAdmin, crypto, cryptoPayment, mail, orderAccount, orderAdmin, orders } = services;
    const { deviceActions, panelWatch, placeOrder, renewalAdmin, renewalConfirmation, reports, savedCardRenewal, savedCards, shipments, subscriptions, trialSignup } = services;
    const { blocklist, blocklistPage, disputes, incidentReads, incidents, staff, storeStatus, support } = services;
    const { devices } = subscriptions;
    await app.register(accountRoutes, { accounts, accountLinks, trialSignup, sessions, browserIdOf });
    await app.register(billingRoutes, { reports, sessions });
    await app.register(couponRoutes, { db });
    await app.register(checkoutRoutes, { db, placeOrder, savedCardRenewal, sessions, browserIdOf, trialTime: services.trialTime });
    await app.register(paymentRoutes, { db, config, cardPayments, crypto, cardPayment, orders });
    await app.register(stripeWebhookRoutes, { cardPayments, cardPayment });
    await app.register(demoBankRoutes, { config, cardPayments, disputes });
    await app.register(cryptoRoutes, { db, config, crypto, cryptoPayment, sessions, browserIdOf });
    await app.register(subscriptionRoutes, { subscriptions, sessions });
    await app.register(autoRenewRoutes, { savedCards, sessions });
    await app.register(deviceRoutes, { devices, deviceActions, accounts, sessions });
    await app.register(mailRoutes, { mail, sessions });
    await app.register(telegramAccountRoutes, { telegram: services.telegram, sessions });
    await app.register(renewalRoutes, { renewalConfirmation, sessions });
    // The public status page's answer (decision 0094): no session read.
    await app.register(statusRoutes, { storeStatus });
    // The policy pages' answer (decision 0097): no session read.
    await app.register(policyRoutes, { db });
    // Customers' and guests' support tickets (decision 0102).
    await app.register(supportRoutes, { support, sessions });
    await app.register(adminRoutes, {
      admins,
      adminChanges,
      staff,
      staffChanges: adminChanges,
      orderAccount,
      catalog,
      couponAdmin,
      orderAdmin,
      reports,
      shipments,
      config,
      sessions,
      // Other features' admin routes, in the admin's guarded scope: devices (decision 0042), automatic renewals (decision 0045), the panel (decision 0093), incidents (decision 0094), policies (decision 0097), the blocklist (decision 0099), disputes (decision 0100), support tickets (decision 0102).
      guardedRoutes: async (guarded, actingAdmin) => {
        await guarded.register(adminDeviceRoutes, { devices, deviceActions, actingAdmin });
        await guarded.register(adminRenewalRoutes, { reports, renewalAdmin, clock, actingAdmin });
        await guarded.register(adminPanelRoutes, { panelWatch, clock });
        await guarded.register(adminIncidentRoutes, { reads: incidentReads, incidents, actingAdmin });
        await guarded.register(adminPolicyRoutes, { db, policyEdits: adminChanges, actingAdmin });
        await guarded.register(adminBlocklistRoutes, { page: blocklistPage, changes: blocklist, actingAdmin });
        await guarded.register(adminDisputeRoutes, { disputes, actingAdmin });
        await guarded.register(adminSupportRoutes, { support, actingAdmin, staffMember: async (id) => (await staff.access(id))?.admin ?? null });
        // The daily trial budget and trials -> paid by week (decision 0101).
        await guarded.register(adminTrialRoutes, {
          db,
          trialTime: services.trialTime,
          setBudget: (dailyBudget, actor) => adminChanges.setTrialBudget(dailyBudget, actor),
          conversion: (weeks) => reports.trialConversion(weeks),
          actingAdmin,
        });
      },
    });

    if (deps.clientDir) await serveClientApp(app, deps.clientDir, config);

    app.setNotFoundHandler((request, reply) => {
      const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && app.sendClientApp;
      if (wantsPage) return app.sendClientApp!(request, reply);
      return reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
