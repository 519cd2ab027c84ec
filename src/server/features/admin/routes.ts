import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ADMIN_NOT_AUTHENTICATED,
  INVALID_ADMIN_CREDENTIALS,
  adminCustomerListSchema,
  adminListQuerySchema,
  adminLoginRequestSchema,
  adminSessionSchema,
  adminStatsSchema,
  CUSTOMER_ACCOUNT_CREATED,
  createCustomerConflictSchema,
  createCustomerRequestSchema,
  createCustomerResponseSchema,
  purchaseNotificationListSchema,
  TOTAL_COUNT_HEADER,
  type AdminCustomerRecord,
  type AdminStats,
  type PurchaseNotification,
} from '#contract/admin';
import { messageResponseSchema } from '#contract/accounts';
import {
  adminTwoFactorPaths,
  INVALID_TWO_FACTOR_CODE,
  signInRefusalSchema,
  TWO_FACTOR_CODE_REQUIRED,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '#contract/admin-two-factor';
import { revenueDayListSchema, revenueQuerySchema } from '#contract/admin-revenue';
import { adminShipmentSchema, shipmentChangesSchema, shipmentOrderParamsSchema, type AdminShipment, type ShipmentChanges } from '#contract/admin-shipments';
import {
  adminOrderActionSchema,
  type AdminOrderAction,
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderParamsSchema,
  adminOrderPaths,
  adminOrderSummaryListSchema,
  giftCardDeliveryRequestSchema,
  giftCardDeliverySchema,
  ORDER_NOT_FOUND,
  owedGiftCardListSchema,
  REFUND_KEY_HEADER,
  refundRequestHeadersSchema,
  refundRequestSchema,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminOrderSummary,
  type GiftCardDelivery,
  type OwedGiftCard,
} from '#contract/admin-orders';
import {
  adminCurrencyListSchema,
  adminPackageListSchema,
  adminPackageSchema,
  currencyChangeSchema,
  packageChangesSchema,
  packageIdParamsSchema,
  type AdminCurrency,
  type AdminPackage,
  type CurrencyChange,
  type PackageChanges,
} from '#contract/admin-packages';
import { auditEntryListSchema, auditLogQuerySchema, type AuditEntry, type AuditLogQuery } from '#contract/admin-audit';
import {
  adminCouponListSchema,
  adminCouponSchema,
  couponChangesSchema,
  couponCodeParamsSchema,
  newCouponSchema,
  winBackCouponChangeSchema,
  winBackCouponSchema,
  type AdminCoupon,
  type CouponChanges,
  type NewCoupon,
  type WinBackCoupon,
} from '#contract/admin-coupons';
import { exportQuerySchema } from '#contract/admin-exports';
import type { DayRange } from '#contract/day-range';
import { outboxMailListSchema, outboxQuerySchema, type OutboxMail, type OutboxQuery } from '#contract/admin-outbox';
import { errorBodySchema } from '#contract/errors';
import { parseMoney } from '#domain/money';
import { isoInTimeZone } from '#domain/store-time';
import { sendCsv } from '#server/http/csv-download';
import type { CsvTable } from '#server/lib/csv-table';
import { sendRevalidated, sendRevalidatedKept } from '#server/http/etag';
import { jsonWithoutRecheck } from '#server/http/json-without-recheck';
import type { Config } from '#server/config';
import type { ErrorLog } from '#server/lib/logs';
import type { AuditActor } from '#domain/actors';
import type { CurrencyCode } from '#domain/currencies';
import { HttpError, notFound, unauthorized } from '#server/http/errors';
import { ADMIN_SESSION, type Sessions } from '#server/http/sessions';
import type { Admins, AdminSignIn } from './service';
import type { Staff, StaffAccess } from './staff';
import { refuseOutsideRule, requireStaffRule, staffRoutes, type StaffRouteOptions } from './staff-routes';
import { allow, everyone, type StaffAccessRule } from '#server/http/staff-access';
import { noStore } from '#server/http/no-store';

const OWNER = allow('owner');
const OWNER_AND_SUPPORT = allow('owner', 'support');
const OWNER_AND_FULFILMENT = allow('owner', 'fulfilment');

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema };

interface Page {
  limit: number;
  offset: number;
}

/** One page of a list and the list's total (decision 0012). */
interface PageOf<Item> {
  items: Item[];
  total: number;
}

/** The routes that other features keep in the admin's guarded scope, registered by the wiring. */
type GuardedRoutes = (guarded: FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>, actingAdmin: (request: FastifyRequest) => Promise<AuditActor>) => Promise<void>;

/**
 * What the admin's API calls, typed here by what it uses (decision 0084): the admins, the
 * other features' admin reads and the workflows' calls (a feature imports neither another
 * feature's services nor a workflow).
 */
export interface AdminRouteOptions {
  admins: Pick<Admins, 'login' | 'twoFactorEnabled' | 'setUpTwoFactor'>;
  /** Each request's staff member, their role and the steps still asked of them (decision 0098). */
  staff: Pick<Staff, 'access' | 'list' | 'twoFactorRequired'>;
  staffChanges: StaffRouteOptions['staffChanges'];
  /** The admin-changes workflow: each change with its audit row in one transaction. */
  adminChanges: {
    changePackage(id: string, changes: PackageChanges, actor: AuditActor): Promise<AdminPackage>;
    setCurrency(change: CurrencyChange, actor: AuditActor): Promise<AdminCurrency[]>;
    createCoupon(coupon: NewCoupon, actor: AuditActor): Promise<AdminCoupon>;
    updateCoupon(code: string, changes: CouponChanges, actor: AuditActor): Promise<AdminCoupon>;
    chooseWinBackCoupon(code: string | null, actor: AuditActor): Promise<WinBackCoupon>;
    recordSignOut(admin: AuditActor, address: string): Promise<void>;
    recordSignIn(signIn: AdminSignIn, address: string): Promise<void>;
    enableTwoFactor(admin: AuditActor, code: string, address: string): Promise<string[]>;
    disableTwoFactor(admin: AuditActor, proof: { password: string; code: string }, address: string): Promise<void>;
    recordExport(admin: AuditActor, name: string, address: string, filters: { from: string | null; to: string | null } | null): Promise<void>;
  };
  /** The order-account workflow: create-customer. */
  orderAccount: {
    createAccountForOrder(request: z.output<typeof createCustomerRequestSchema>, actor: AuditActor): Promise<{ id: string; email: string; firstName: string }>;
  };
  catalog: { adminPackages(): Promise<AdminPackage[]>; adminCurrencies(): Promise<AdminCurrency[]> };
  couponAdmin: { page: (page: Page) => Promise<PageOf<AdminCoupon>>; winBack(): Promise<WinBackCoupon> };
  orderAdmin: {
    refund(orderId: string, ask: { amountCents?: number | undefined; note?: string | undefined; requestKey?: string | undefined }, actor: AuditActor, log: ErrorLog): Promise<AdminOrderAction>;
    honour(orderId: string, actor: AuditActor, log: ErrorLog): Promise<AdminOrderAction>;
    retryProvisioning(orderId: string, actor: AuditActor): Promise<AdminOrderAction>;
    setGiftCardDelivered(orderId: string, change: z.output<typeof giftCardDeliveryRequestSchema>, actor: AuditActor, timeZone: string): Promise<GiftCardDelivery>;
  };
  reports: {
    customerRecords(page: Page & { q?: string | undefined }): Promise<PageOf<AdminCustomerRecord>>;
    orderPage(query: AdminOrderListQuery): Promise<PageOf<AdminOrderSummary>>;
    orderDetail(orderId: string): Promise<AdminOrderDetail | null>;
    orderExport(range: DayRange): CsvTable;
    customerExport(range: DayRange): CsvTable;
    notifications: (page: Page) => Promise<PageOf<PurchaseNotification>>;
    owedGiftCards: (page: Page) => Promise<PageOf<OwedGiftCard>>;
    auditLog: (query: AuditLogQuery) => Promise<PageOf<AuditEntry>>;
    outbox: (query: OutboxQuery) => Promise<PageOf<OutboxMail>>;
    revenueByDay(days: number, currency: CurrencyCode): Promise<unknown>;
    stats(): Promise<AdminStats>;
  };
  /** The shipments workflow's call: the change with its audit row and the buyer's email. */
  shipments: {
    updateShipment(orderId: string, changes: ShipmentChanges, actor: AuditActor): Promise<AdminShipment>;
  };
  /** Other features' admin routes (devices, renewals), registered in the guarded scope (decision 0084). */
  guardedRoutes?: GuardedRoutes;
  config: Pick<Config, 'STORE_TIME_ZONE'>;
  sessions: Pick<Sessions, 'getSession' | 'startSession' | 'endSession'>;
}

/**
 * The administrator's API. Sign-in is the one public route; every other one sits in a
 * single encapsulated scope whose hook refuses a request without an admin session before
 * any route code runs, so a route added there later cannot forget the check. The purchase
 * notifications, which the spec places outside /api/admin, are in that scope too.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, options) => {
  const { admins, adminChanges, orderAccount, catalog, couponAdmin, orderAdmin, reports, shipments, staff } = options;
  const { getSession, startSession, endSession } = options.sessions;
  // The admin pages write every date in the store's time zone, named by the session's answer (decision 0034).
  const store = { timeZone: options.config.STORE_TIME_ZONE };

  // Each request's staff member, read once by the guard's hook.
  const accessOfRequest = new WeakMap<FastifyRequest, Promise<StaffAccess>>();

  async function loadAccess(request: FastifyRequest): Promise<StaffAccess> {
    const active = await getSession(request, ADMIN_SESSION);
    const access = active && (await staff.access(active.subjectId));
    if (!access) throw unauthorized(ADMIN_NOT_AUTHENTICATED);
    return access;
  }

  /** The signed-in staff member with their role and pending steps (decision 0098); 401 without one. */
  function accessOf(request: FastifyRequest): Promise<StaffAccess> {
    let access = accessOfRequest.get(request);
    if (!access) accessOfRequest.set(request, (access = loadAccess(request)));
    return access;
  }

  const adminIdOf = async (request: FastifyRequest) => (await accessOf(request)).admin.id;

  /** The signed-in administrator, named as the audit log records them. */
  async function actingAdmin(request: FastifyRequest): Promise<AuditActor> {
    const { id, username } = (await accessOf(request)).admin;
    return { id, username };
  }

  /** A refused sign-in's answer: the spec's for a wrong password, twoFactorRequired when the password was right (decision 0096). */
  const refusalOf = (outcome: Exclude<AdminSignIn['outcome'], 'signed_in'>) =>
    outcome === 'wrong_password'
      ? unauthorized(INVALID_ADMIN_CREDENTIALS)
      : new HttpError(401, outcome === 'code_missing' ? TWO_FACTOR_CODE_REQUIRED : INVALID_TWO_FACTOR_CODE, {}, { twoFactorRequired: true });

  app.post(
    '/api/admin/login',
    { schema: { body: adminLoginRequestSchema, response: { 200: adminSessionSchema, ...failures, 401: signInRefusalSchema } } },
    async (request, reply) => {
      const refused = () => request.log.warn({ username: request.body.username, address: request.ip }, 'admin sign-in refused');
      const signIn = await admins.login(request.body, request.ip).catch((error: unknown) => {
        // No admin to name in the audit log; the log keeps which username was tried from where.
        refused();
        throw error;
      });
      await adminChanges.recordSignIn(signIn, request.ip);
      if (signIn.outcome !== 'signed_in') {
        if (signIn.outcome !== 'code_missing') refused();
        throw refusalOf(signIn.outcome);
      }
      await startSession(request, reply, ADMIN_SESSION, signIn.admin.id);
      const access = await staff.access(signIn.admin.id);
      if (!access) throw unauthorized(INVALID_ADMIN_CREDENTIALS);
      const { admin, passwordChangeRequired, twoFactorSetupRequired } = access;
      return noStore(reply).send({ admin, store, passwordChangeRequired, twoFactorSetupRequired });
    },
  );

  const adminOnly: FastifyPluginAsyncZod = async (guarded) => {
    // Every route here declares its roles beside it: one without cannot be registered (decision 0098).
    guarded.addHook('onRoute', requireStaffRule);
    guarded.addHook('onRequest', async (request) => {
      refuseOutsideRule(await accessOf(request), request.routeOptions.config.staff);
    });

    guarded.get(
      '/api/admin/auth',
      { config: everyone('passwordChange', 'twoFactorSetup'), schema: { response: { 200: adminSessionSchema, 401: errorBodySchema } } },
      async (request, reply) => {
        const { admin, passwordChangeRequired, twoFactorSetupRequired } = await accessOf(request);
        return noStore(reply).send({ admin, store, passwordChangeRequired, twoFactorSetupRequired });
      },
    );

    guarded.post('/api/admin/logout', { config: everyone('passwordChange', 'twoFactorSetup'), schema: { response: { 200: messageResponseSchema, 401: errorBodySchema } } }, async (request, reply) => {
      await adminChanges.recordSignOut(await actingAdmin(request), request.ip);
      await endSession(request, reply, ADMIN_SESSION);
      return noStore(reply).send({ message: 'Logged out' });
    });

    // Two-factor sign-in, set up and turned off from My account (decision 0096).
    guarded.get(adminTwoFactorPaths.status, { config: everyone('twoFactorSetup'), schema: { response: { 200: twoFactorStatusSchema, ...failures } } }, async (request, reply) =>
      noStore(reply).send({ enabled: await admins.twoFactorEnabled(await adminIdOf(request)) }),
    );

    guarded.post(adminTwoFactorPaths.setup, { config: everyone('twoFactorSetup'), schema: { response: { 200: twoFactorSetupSchema, ...failures } } }, async (request, reply) =>
      noStore(reply).send(await admins.setUpTwoFactor(await adminIdOf(request))),
    );

    guarded.post(
      adminTwoFactorPaths.enable,
      { config: everyone('twoFactorSetup'), schema: { body: twoFactorEnableRequestSchema, response: { 200: twoFactorEnableSchema, ...failures } } },
      async (request, reply) => noStore(reply).send({ recoveryCodes: await adminChanges.enableTwoFactor(await actingAdmin(request), request.body.code, request.ip) }),
    );

    guarded.post(
      adminTwoFactorPaths.disable,
      { config: everyone(), schema: { body: twoFactorDisableRequestSchema, response: { 200: twoFactorStatusSchema, ...failures } } },
      async (request, reply) => {
        await adminChanges.disableTwoFactor(await actingAdmin(request), request.body, request.ip);
        return noStore(reply).send({ enabled: false });
      },
    );

    guarded.get(
      '/api/admin/customers',
      // 100 records with their devices: zod's re-check was a fifth of the page's CPU (decision 0056).
      { config: OWNER_AND_SUPPORT, schema: { querystring: adminListQuerySchema, response: { 200: adminCustomerListSchema, ...failures } }, serializerCompiler: jsonWithoutRecheck },
      async (request, reply) => {
        const { limit, offset, q } = request.query;
        const page = await reports.customerRecords({ limit, offset, q: q || undefined });
        reply.header(TOTAL_COUNT_HEADER, page.total);
        // The same records while the page has not changed, written once (decision 0065).
        return sendRevalidatedKept(request, reply, page.items);
      },
    );

    guarded.get(
      adminOrderPaths.list,
      // Up to 100 orders built key by key from typed rows (toSummary): written without zod's re-check (decision 0056).
      { config: everyone(), schema: { querystring: adminOrderListQuerySchema, response: { 200: adminOrderSummaryListSchema, ...failures } }, serializerCompiler: jsonWithoutRecheck },
      async (request, reply) => {
        const page = await reports.orderPage(request.query);
        reply.header(TOTAL_COUNT_HEADER, page.total);
        return sendRevalidated(request, reply, page.items);
      },
    );

    guarded.get(
      '/api/admin/orders/:orderId',
      { config: everyone(), schema: { params: adminOrderParamsSchema, response: { 200: adminOrderDetailSchema, ...failures } } },
      async (request, reply) => {
        const detail = await reports.orderDetail(request.params.orderId);
        if (!detail) throw notFound(ORDER_NOT_FOUND);
        return noStore(reply).send(detail);
      },
    );

    /**
     * A streamed CSV download of the rows created in the days asked for (store time zone),
     * every row without them: the audit log names who took which data, of which days, when
     * and from where.
     */
    function csvExport(url: string, name: string, table: (range: DayRange) => CsvTable) {
      guarded.get(url, { config: OWNER, schema: { querystring: exportQuerySchema, response: failures } }, async (request, reply) => {
        const { from, to } = request.query;
        await adminChanges.recordExport(await actingAdmin(request), name, request.ip, from || to ? { from: from ?? null, to: to ?? null } : null);
        return sendCsv(reply, name, isoInTimeZone(new Date(), store.timeZone).slice(0, 10), table({ from, to }));
      });
    }

    csvExport(adminOrderPaths.ordersCsv, 'orders', (range) => reports.orderExport(range));
    csvExport(adminOrderPaths.customersCsv, 'customers', (range) => reports.customerExport(range));

    /** A paged admin list: limit and offset (and the list's own filters), the total in x-total-count, an ETag for polls (decision 0012). */
    function pagedList<Item, Query extends { limit: number; offset: number }>(
      config: { staff: StaffAccessRule },
      url: string,
      items: z.ZodType<Item[]>,
      load: (query: Query) => Promise<PageOf<Item>>,
      querystring: z.ZodType<Query> = adminListQuerySchema as unknown as z.ZodType<Query>,
    ) {
      guarded.get(url, { config, schema: { querystring, response: { 200: items, ...failures } } }, async (request, reply) => {
        const page = await load(request.query as Query);
        reply.header(TOTAL_COUNT_HEADER, page.total);
        return sendRevalidated(request, reply, page.items);
      });
    }

    // The purchase notifications are the orders as they come in: read by every role, as the orders are.
    pagedList(everyone(), '/api/purchase-notifications', purchaseNotificationListSchema, reports.notifications);
    pagedList(OWNER_AND_FULFILMENT, '/api/admin/gift-cards/pending', owedGiftCardListSchema, reports.owedGiftCards);
    pagedList(OWNER, '/api/admin/audit-log', auditEntryListSchema, reports.auditLog, auditLogQuerySchema);
    pagedList(OWNER, '/api/admin/outbox', outboxMailListSchema, reports.outbox, outboxQuerySchema);
    pagedList(OWNER, '/api/admin/coupons', adminCouponListSchema, couponAdmin.page);

    guarded.post(
      '/api/admin/coupons',
      { config: OWNER, schema: { body: newCouponSchema, response: { 201: adminCouponSchema, ...failures } } },
      async (request, reply) => noStore(reply).code(201).send(await adminChanges.createCoupon(request.body, await actingAdmin(request))),
    );

    guarded.patch(
      '/api/admin/coupons/:code',
      { config: OWNER, schema: { params: couponCodeParamsSchema, body: couponChangesSchema, response: { 200: adminCouponSchema, ...failures } } },
      async (request, reply) => noStore(reply).send(await adminChanges.updateCoupon(request.params.code, request.body, await actingAdmin(request))),
    );

    guarded.get('/api/admin/win-back-coupon', { config: OWNER, schema: { response: { 200: winBackCouponSchema, ...failures } } }, async (_request, reply) =>
      noStore(reply).send(await couponAdmin.winBack()),
    );

    guarded.patch(
      '/api/admin/win-back-coupon',
      { config: OWNER, schema: { body: winBackCouponChangeSchema, response: { 200: winBackCouponSchema, ...failures } } },
      async (request, reply) => noStore(reply).send(await adminChanges.chooseWinBackCoupon(request.body.code, await actingAdmin(request))),
    );

    guarded.get(
      '/api/admin/revenue',
      { config: OWNER, schema: { querystring: revenueQuerySchema, response: { 200: revenueDayListSchema, ...failures } } },
      async (request, reply) => sendRevalidated(request, reply, await reports.revenueByDay(request.query.days, request.query.currency)),
    );

    // The counts beside the sections, where work waits, for every role.
    guarded.get('/api/admin/stats', { config: everyone(), schema: { response: { 200: adminStatsSchema, ...failures } } }, async (request, reply) =>
      sendRevalidated(request, reply, await reports.stats()),
    );

    guarded.post(
      '/api/admin/create-customer',
      { config: OWNER_AND_SUPPORT, schema: { body: createCustomerRequestSchema, response: { 201: createCustomerResponseSchema, ...failures, 409: createCustomerConflictSchema } } },
      async (request, reply) => {
        const customer = await orderAccount.createAccountForOrder(request.body, await actingAdmin(request));
        return noStore(reply)
          .code(201)
          .send({
            message: CUSTOMER_ACCOUNT_CREATED,
            customer: { id: customer.id, email: customer.email, firstName: customer.firstName },
            orderId: request.body.orderId,
          });
      },
    );

    guarded.get('/api/admin/packages', { config: OWNER, schema: { response: { 200: adminPackageListSchema, ...failures } } }, async (_request, reply) =>
      noStore(reply).send(await catalog.adminPackages()),
    );

    guarded.patch(
      '/api/admin/packages/:id',
      { config: OWNER, schema: { params: packageIdParamsSchema, body: packageChangesSchema, response: { 200: adminPackageSchema, ...failures } } },
      async (request, reply) => {
        const changed = await adminChanges.changePackage(request.params.id, request.body, await actingAdmin(request));
        return noStore(reply).send(changed);
      },
    );

    // The currencies the store sells in (decision 0104): listed, and turned on or off by the owner.
    guarded.get('/api/admin/currencies', { config: OWNER, schema: { response: { 200: adminCurrencyListSchema, ...failures } } }, async (_request, reply) =>
      noStore(reply).send(await catalog.adminCurrencies()),
    );
    guarded.patch(
      '/api/admin/currencies',
      { config: OWNER, schema: { body: currencyChangeSchema, response: { 200: adminCurrencyListSchema, ...failures } } },
      async (request, reply) => noStore(reply).send(await adminChanges.setCurrency(request.body, await actingAdmin(request))),
    );

    guarded.patch(
      '/api/admin/shipments/:orderId',
      { config: OWNER_AND_FULFILMENT, schema: { params: shipmentOrderParamsSchema, body: shipmentChangesSchema, response: { 200: adminShipmentSchema, ...failures } } },
      async (request, reply) => noStore(reply).send(await shipments.updateShipment(request.params.orderId, request.body, await actingAdmin(request))),
    );

    guarded.post(
      '/api/admin/orders/:orderId/gift-card',
      { config: OWNER_AND_FULFILMENT, schema: { params: adminOrderParamsSchema, body: giftCardDeliveryRequestSchema, response: { 200: giftCardDeliverySchema, ...failures } } },
      async (request, reply) => {
        const result = await orderAdmin.setGiftCardDelivered(request.params.orderId, request.body, await actingAdmin(request), store.timeZone);
        return noStore(reply).send(result);
      },
    );

    // Refund, honour, retry provisioning: an order that needs a person (decision 0021).
    const orderAction = { params: adminOrderParamsSchema, response: { 200: adminOrderActionSchema, ...failures } };
    // Money moves or a paid order changes: the owner's alone.
    guarded.post(
      '/api/admin/orders/:orderId/refund',
      { config: OWNER, schema: { ...orderAction, body: refundRequestSchema.nullish(), headers: refundRequestHeadersSchema } },
      async (request, reply) => {
        const ask = {
          amountCents: request.body?.amount === undefined ? undefined : parseMoney(request.body.amount),
          note: request.body?.note || undefined,
          requestKey: request.headers[REFUND_KEY_HEADER],
        };
        return noStore(reply).send(await orderAdmin.refund(request.params.orderId, ask, await actingAdmin(request), request.log));
      },
    );
    guarded.post('/api/admin/orders/:orderId/honour', { config: OWNER, schema: orderAction }, async (request, reply) =>
      noStore(reply).send(await orderAdmin.honour(request.params.orderId, await actingAdmin(request), request.log)),
    );
    guarded.post('/api/admin/orders/:orderId/retry-provisioning', { config: OWNER, schema: orderAction }, async (request, reply) =>
      noStore(reply).send(await orderAdmin.retryProvisioning(request.params.orderId, await actingAdmin(request))),
    );

    await guarded.register(staffRoutes, { staff, staffChanges: options.staffChanges, actingAdmin, sessionOf: (request) => getSession(request, ADMIN_SESSION) });

    // Other features' admin routes: devices (decision 0042), automatic renewals (decision 0045).
    await options.guardedRoutes?.(guarded, actingAdmin);
  };
  await app.register(adminOnly);
};
