import { desc, eq } from 'drizzle-orm';
import {
  GUEST_FIELDS_REQUIRED,
  GUEST_NO_DEVICE,
  GUEST_ORDER_NOT_FOUND,
  SIGNED_IN_NO_GUEST_FIELDS,
  SUBSCRIPTION_NOT_OF_TICKET,
  TICKET_DEVICE_NOT_FOUND,
  TICKET_NOT_FOUND,
  type AdminTicketDetail,
  type AdminTicketQuery,
  type CreatedTicket,
  type NewTicketRequest,
  type TicketContext,
  type TicketDetail,
  type TicketPatch,
  type TicketSummary,
} from '#contract/support';
import type { StaffRole } from '#contract/admin-staff';
import type { AuditActor } from '#domain/actors';
import { invalid, notFound, unauthenticated } from '#domain/errors';
import { goodwillMonth } from '#domain/tickets';
import type { Locale } from '#domain/locales';
import type { Db, DbOrTx } from '#server/db/connect';
import type { JobQueue } from '#server/jobs/queue';
import { enforceAttemptLimits } from '#server/lib/attempt-limits';
import type { Clock } from '#server/lib/clock';
import type { ErrorLog } from '#server/lib/logs';
import { localeOr } from '#server/lib/i18n/index';
import { findCustomer } from '#server/features/accounts/index';
import { recordAdminAction, recordStoreAction } from '#server/features/audit/index';
import type { Mail } from '#server/features/mail/index';
import { findOrder, ordersForReading as orders } from '#server/features/orders/index';
import { extendForGoodwill, SCHEDULED_POLICY, type Subscriptions } from '#server/features/subscriptions/index';
import {
  addCustomerMessage,
  addStaffMessage,
  addStoreNote,
  cannedReplies,
  ratingFigures,
  removeCannedReply,
  saveCannedReply,
  setResponseTarget,
  supportOverview,
  countSupportGoodwill,
  customerTickets,
  findTicket,
  inboxTickets,
  insertTicket,
  issueTicketLink,
  openTicketLink,
  patchTicket,
  rateTicket,
  resolveByCustomer,
  resolveLongWaiting,
  responseTargetMinutes,
  ticketDetail,
  ticketReplyMail,
  ticketResolvedMail,
  ticketVerifyMail,
  toTicketSummary,
  attachmentFile,
  type NewAttachment,
  type StoredAttachment,
  type TicketCaller,
  type TicketRow,
} from '#server/features/support/index';
import type { createDeviceActions } from './device-actions';
import type { StaffAlerts } from './staff-alerts';

export const SUPPORT_JOBS = { autoResolve: 'support-auto-resolve' } as const;
/** Every 15 minutes: a ticket is resolved within a quarter of an hour of its 7 days. */
const AUTO_RESOLVE_CRON = '*/15 * * * *';

export interface SupportWorkflowDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  mail: Mail;
  subscriptions: Pick<Subscriptions, 'listForCustomer' | 'devices' | 'syncLines'>;
  deviceActions: Pick<ReturnType<typeof createDeviceActions>, 'ispReset' | 'newPassword' | 'setEnabled'>;
  staffAlerts: StaffAlerts;
  publicUrl: string;
  storeTimeZone: string;
  logger?: ErrorLog;
}

const target = (ticket: TicketRow) => ({ type: 'ticket', id: ticket.id });

/**
 * The language of a ticket's emails to its customer (decision 0107): a signed-in customer's
 * saved one; a guest's, that of the order the ticket names; else English. The staff's stay English.
 */
async function localeOfTicket(db: DbOrTx, ticket: Pick<TicketRow, 'customerId' | 'orderId'>): Promise<Locale> {
  const customer = ticket.customerId ? await findCustomer(db, ticket.customerId) : null;
  const order = !customer && ticket.orderId ? await findOrder(db, ticket.orderId) : null;
  return localeOr(customer?.locale, order?.locale);
}

/**
 * Support tickets across features (decision 0102): who may read a ticket, the emails of each
 * step in the step's transaction (dedupe keys ticket-verify:, ticket-reply:, ticket-resolved:,
 * which the Telegram mirror reads), a ticket's line state from the subscriptions and the
 * panel, goodwill days and device actions audited with the ticket's number.
 */
/** New tickets one address may open in an hour. */
export const NEW_TICKETS_PER_ADDRESS = { max: 10, windowMs: 60 * 60_000 };
// Each form written whole, so the errors catalogue finds it by its words (decision 0113).
const tooManyTickets = (minutes: number) =>
  minutes === 1
    ? 'Too many new requests from your network. Please try again in 1 minute, or reply to an open one.'
    : `Too many new requests from your network. Please try again in ${minutes} minutes, or reply to an open one.`;

export function createSupportWorkflow({ db, clock, jobs, mail, subscriptions, deviceActions, staffAlerts, publicUrl, storeTimeZone, logger = { error() {} } }: SupportWorkflowDeps) {
  /** The ticket when the caller may see it: its customer, or a live link of it; 404 otherwise, as for a missing one. */
  async function ticketFor(ticketId: string, caller: TicketCaller): Promise<TicketRow> {
    const ticket = await findTicket(db, ticketId);
    if (ticket && caller.customerId && ticket.customerId === caller.customerId) return ticket;
    if (ticket && caller.token && (await openTicketLink(db, ticket.id, caller.token, clock.now()))) {
      // A guest's ticket reaches the staff once its link was opened: that is when it is new to them.
      if (!ticket.verifiedAt) await staffAlerts.newTicket(toTicketSummary(ticket));
      return (await findTicket(db, ticketId))!;
    }
    throw notFound(TICKET_NOT_FOUND);
  }

  async function openAsCustomer(customerId: string, request: NewTicketRequest, attachments: NewAttachment[]): Promise<TicketRow> {
    if (request.email !== undefined || request.orderId !== undefined) throw invalid(SIGNED_IN_NO_GUEST_FIELDS);
    const customer = await findCustomer(db, customerId);
    if (!customer) throw unauthenticated();
    if (request.deviceId) {
      const mine = (await subscriptions.listForCustomer(customerId)).some((s) => s.deviceCredentials.some((d) => d.id === request.deviceId));
      if (!mine) throw notFound(TICKET_DEVICE_NOT_FOUND);
    }
    const now = clock.now();
    const ticket = await db.transaction((tx) =>
      insertTicket(
        tx,
        { customerId, email: customer.email, orderId: null, category: request.category, subject: request.subject, deviceId: request.deviceId ?? null, channel: channelOf(request), verified: true },
        request.message,
        attachments,
        now,
      ),
    );
    await staffAlerts.newTicket(toTicketSummary(ticket));
    return ticket;
  }

  async function openAsGuest(request: NewTicketRequest, attachments: NewAttachment[]): Promise<TicketRow> {
    if (!request.email || !request.orderId) throw unauthenticated(GUEST_FIELDS_REQUIRED);
    if (request.deviceId) throw invalid(GUEST_NO_DEVICE);
    const order = await findOrder(db, request.orderId);
    if (!order || order.customerEmail.trim().toLowerCase() !== request.email) throw notFound(GUEST_ORDER_NOT_FOUND);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const ticket = await insertTicket(
        tx,
        { customerId: null, email: request.email!, orderId: order.id, category: request.category, subject: request.subject, deviceId: null, channel: channelOf(request), verified: false },
        request.message,
        attachments,
        now,
      );
      const token = await issueTicketLink(tx, ticket.id, now);
      await mail.queue(tx, ticketVerifyMail(publicUrl, ticket, token, await localeOfTicket(tx, ticket)), { key: `ticket-verify:${ticket.id}`, secretLinks: true });
      return ticket;
    });
  }

  /** The line state of each device of the ticket's customer, their last payment and open orders. */
  async function contextOf(ticket: TicketRow, admin: AuditActor): Promise<TicketContext> {
    const customerId = ticket.customerId;
    const owned = customerId ? await subscriptions.listForCustomer(customerId) : [];
    const devices = await Promise.all(
      owned.flatMap((subscription) =>
        subscription.deviceCredentials.map(async (device) => {
          const live = await subscriptions.devices.status(device.id, { kind: 'admin', admin });
          return {
            id: device.id,
            subscriptionId: subscription.id,
            name: device.label ?? device.deviceName,
            packageName: subscription.package.name,
            online: live.online,
            activeConnections: live.activeConnections,
            maxConnections: live.maxConnections,
            lastSeenAt: live.lastSeenAt,
            enabled: live.enabled,
            expiresAt: subscription.expirationDate,
            autoRenew: subscription.autoRenew,
            savedCard: subscription.savedCard ? `${subscription.savedCard.brand} \u2022\u2022\u2022\u2022 ${subscription.savedCard.last4}` : null,
          };
        }),
      ),
    );
    const whose = customerId ? eq(orders.customerId, customerId) : eq(orders.customerEmail, ticket.email);
    const recent = await db
      .select({ orderId: orders.id, status: orders.paymentStatus, amount: orders.totalAmount, currency: orders.currency, createdAt: orders.createdAt })
      .from(orders)
      .where(whose)
      .orderBy(desc(orders.createdAt))
      .limit(20);
    // Each amount in its order's currency (decision 0104): the code is written beside it.
    const payment = (row: (typeof recent)[number]) => ({ orderId: row.orderId, status: row.status, amount: row.amount, currency: row.currency, createdAt: row.createdAt.toISOString() });
    const paid = recent.find((row) => row.status !== 'pending');
    return { devices, lastPayment: paid ? payment(paid) : null, openOrders: recent.filter((row) => row.status === 'pending' || row.status === 'needs_review').map(payment) };
  }

  async function staffTicket(ticketId: string): Promise<TicketRow> {
    const ticket = await findTicket(db, ticketId);
    if (!ticket || !ticket.verifiedAt) throw notFound(TICKET_NOT_FOUND);
    return ticket;
  }

  /** Resolves the tickets that waited 7 days, each with its note and email in one transaction. */
  async function autoResolve(): Promise<number> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const resolved = await resolveLongWaiting(tx, now);
      for (const ticket of resolved) {
        await addStoreNote(tx, ticket.id, 'No reply for 7 days: the store marked this ticket resolved.', now);
        const token = await issueTicketLink(tx, ticket.id, now);
        await mail.queue(tx, ticketResolvedMail(publicUrl, ticket, token, 'waited', await localeOfTicket(tx, ticket)), { key: `ticket-resolved:${ticket.id}:${now.getTime()}`, secretLinks: true });
        await recordStoreAction(tx, { action: 'ticket.auto_resolve', target: target(ticket), before: { status: 'waiting' }, after: { status: 'resolved', ticketNumber: ticket.number } });
      }
      return resolved.length;
    });
  }
  jobs.work(SUPPORT_JOBS.autoResolve, async () => void (await autoResolve()), SCHEDULED_POLICY);
  jobs.schedule(SUPPORT_JOBS.autoResolve, AUTO_RESOLVE_CRON);

  /** The device actions an agent runs from a ticket, each audited with the ticket's number beside the device's own row. */
  const DEVICE_ACTIONS = {
    'isp-reset': (deviceId: string, actor: TicketDeviceActor) => deviceActions.ispReset(deviceId, actor),
    password: (deviceId: string, actor: TicketDeviceActor) => deviceActions.newPassword(deviceId, actor),
    disable: (deviceId: string, actor: TicketDeviceActor) => deviceActions.setEnabled(deviceId, false, actor),
    enable: (deviceId: string, actor: TicketDeviceActor) => deviceActions.setEnabled(deviceId, true, actor),
  } as const;

  return {
    /** POST /api/support/tickets: a signed-in customer's ticket, or a guest's held until its emailed link is opened. */
    async open(customerId: string | null, request: NewTicketRequest, attachments: NewAttachment[], ip: string): Promise<CreatedTicket> {
      // Every ticket emails someone and reaches the staff: one address opens a handful an hour, a script no more.
      await enforceAttemptLimits(db, [{ key: `support:open:ip:${ip}`, ...NEW_TICKETS_PER_ADDRESS }], tooManyTickets);
      const ticket = customerId ? await openAsCustomer(customerId, request, attachments) : await openAsGuest(request, attachments);
      return { ticket: { id: ticket.id, number: ticket.number, status: ticket.status }, verificationSent: !customerId };
    },

    mine: (customerId: string): Promise<TicketSummary[]> => customerTickets(db, customerId),

    async read(ticketId: string, caller: TicketCaller): Promise<TicketDetail> {
      return ticketDetail(db, await ticketFor(ticketId, caller), { withNotes: false });
    },

    /** The customer's reply: reopens a resolved ticket. */
    async reply(ticketId: string, caller: TicketCaller, message: string, attachments: NewAttachment[]): Promise<TicketDetail> {
      const ticket = await ticketFor(ticketId, caller);
      const row = await db.transaction((tx) => addCustomerMessage(tx, ticket.id, message, attachments, clock.now()));
      return ticketDetail(db, row, { withNotes: false });
    },

    /** "This solved it", from a reply's email. */
    async resolve(ticketId: string, caller: TicketCaller): Promise<TicketDetail> {
      const ticket = await ticketFor(ticketId, caller);
      const row = (await db.transaction((tx) => resolveByCustomer(tx, ticket.id, clock.now()))) ?? ticket;
      return ticketDetail(db, row, { withNotes: false });
    },

    async rate(ticketId: string, caller: TicketCaller, score: number): Promise<TicketDetail> {
      const ticket = await ticketFor(ticketId, caller);
      const row = await db.transaction((tx) => rateTicket(tx, ticket.id, score, clock.now()));
      return ticketDetail(db, row, { withNotes: false });
    },

    /** An attachment, for its ticket's customer or link holder only. */
    async attachment(attachmentId: string, caller: TicketCaller): Promise<StoredAttachment> {
      const file = await attachmentFile(db, attachmentId);
      if (!file) throw notFound(TICKET_NOT_FOUND);
      await ticketFor(file.ticketId, caller);
      return file;
    },

    /** An attachment for the staff. */
    async staffAttachment(attachmentId: string): Promise<StoredAttachment> {
      const file = await attachmentFile(db, attachmentId);
      if (!file) throw notFound(TICKET_NOT_FOUND);
      return file;
    },

    inbox: (query: AdminTicketQuery, staff: AuditActor) => inboxTickets(db, query, staff.id),
    responseTarget: () => responseTargetMinutes(db),

    async staffDetail(ticketId: string, admin: AuditActor): Promise<AdminTicketDetail> {
      const ticket = await staffTicket(ticketId);
      const [detail, context] = await Promise.all([ticketDetail(db, ticket, { withNotes: true }), contextOf(ticket, admin)]);
      return { ...detail, context };
    },

    /** A staff reply (emailed to the customer with a link and "this solved it") or an internal note (never sent). */
    async staffReply(ticketId: string, admin: AuditActor, message: string, internal: boolean, attachments: NewAttachment[]): Promise<TicketDetail> {
      await staffTicket(ticketId);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const { ticket, messageId } = await addStaffMessage(tx, ticketId, admin, message, internal, attachments, now);
        if (!internal) {
          const token = await issueTicketLink(tx, ticket.id, now);
          await mail.queue(tx, ticketReplyMail(publicUrl, ticket, admin.username, message, token, await localeOfTicket(tx, ticket)), { key: `ticket-reply:${messageId}`, secretLinks: true });
        }
        return ticket;
      });
      return ticketDetail(db, row, { withNotes: true });
    },

    /** PATCH: status and assignee, audited. `assignee` is the staff member named by assigneeId, found by the caller. */
    async patch(ticketId: string, admin: AuditActor, patch: TicketPatch, assignee: AuditActor | null | undefined): Promise<TicketSummary> {
      await staffTicket(ticketId);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const { before, after } = await patchTicket(tx, ticketId, { ...(patch.status ? { status: patch.status } : {}), assignee }, now);
        // Resolved by the staff: the customer is told, with the one-click rating (as after 7 days' silence).
        if (before.status !== 'resolved' && after.status === 'resolved') {
          const token = await issueTicketLink(tx, after.id, now);
          await mail.queue(tx, ticketResolvedMail(publicUrl, after, token, 'staff', await localeOfTicket(tx, after)), { key: `ticket-resolved:${after.id}:${now.getTime()}`, secretLinks: true });
        }
        await recordAdminAction(tx, {
          actor: admin,
          action: 'ticket.update',
          target: target(after),
          before: { status: before.status, assignee: before.assigneeName },
          after: { status: after.status, assignee: after.assigneeName, ticketNumber: after.number },
        });
        return toTicketSummary(after);
      });
    },

    /**
     * Goodwill days on one of the ticket customer's subscriptions: 1-3 at a time; the support
     * role at most 3 per subscription per calendar month (counted in the database), the owner
     * without that limit (decision 0102). Audited with the ticket's number; the panel's lines follow.
     */
    async goodwill(ticketId: string, admin: AuditActor, role: StaffRole, subscriptionId: string, days: number) {
      const ticket = await staffTicket(ticketId);
      if (!ticket.customerId) throw notFound(SUBSCRIPTION_NOT_OF_TICKET);
      const now = clock.now();
      const extended = await db.transaction(async (tx) => {
        const done = await extendForGoodwill(tx, subscriptionId, ticket.customerId!, days, now);
        if (!done) throw notFound(SUBSCRIPTION_NOT_OF_TICKET);
        if (role !== 'owner') await countSupportGoodwill(tx, subscriptionId, goodwillMonth(now, storeTimeZone), days);
        await recordAdminAction(tx, {
          actor: admin,
          action: 'subscription.goodwill',
          target: { type: 'order', id: done.orderId },
          before: { expirationDate: done.expiryBefore.toISOString() },
          after: { expirationDate: done.expiryAfter.toISOString(), days, ticketNumber: ticket.number, subscriptionId },
        });
        return done;
      });
      await subscriptions.syncLines(subscriptionId).catch((error: unknown) => logger.error({ err: error, subscriptionId }, 'goodwill days not yet on the panel'));
      const plural = days === 1 ? 'day' : 'days';
      return { subscriptionId, expiresAt: extended.expiryAfter.toISOString(), message: `Added ${days} goodwill ${plural} (ticket #${ticket.number})` };
    },

    /** A device action on a device of the ticket's customer; another's device is a 404. */
    async deviceAction(ticketId: string, admin: AuditActor, deviceId: string, action: keyof typeof DEVICE_ACTIONS): Promise<Record<string, unknown>> {
      const ticket = await staffTicket(ticketId);
      const devices = ticket.customerId ? (await subscriptions.listForCustomer(ticket.customerId)).flatMap((s) => s.deviceCredentials.map((d) => d.id)) : [];
      if (!devices.includes(deviceId)) throw notFound(TICKET_DEVICE_NOT_FOUND);
      return DEVICE_ACTIONS[action](deviceId, { kind: 'admin', admin, ticketNumber: ticket.number });
    },

    overview: () => supportOverview(db, clock.now()),
    ratings: () => ratingFigures(db),
    cannedReplies: () => cannedReplies(db),

    /** The owner's canned replies, audited. */
    saveCannedReply: (id: string | null, reply: { title: string; body: string }, admin: AuditActor) =>
      db.transaction(async (tx) => {
        const saved = await saveCannedReply(tx, id, reply, clock.now());
        await recordAdminAction(tx, { actor: admin, action: 'ticket.canned_reply', target: { type: 'canned_reply', id: saved.id }, before: {}, after: { title: saved.title, body: saved.body } });
        return saved;
      }),
    removeCannedReply: (id: string, admin: AuditActor) =>
      db.transaction(async (tx) => {
        const removed = await removeCannedReply(tx, id);
        await recordAdminAction(tx, { actor: admin, action: 'ticket.canned_reply', target: { type: 'canned_reply', id }, before: { title: removed.title }, after: {} });
        return removed;
      }),

    /** The owner's response target (the inbox clock turns red past it), audited. */
    setResponseTarget: (minutes: number, admin: AuditActor) =>
      db.transaction(async (tx) => {
        const before = await setResponseTarget(tx, minutes, clock.now());
        await recordAdminAction(tx, { actor: admin, action: 'ticket.settings', target: { type: 'support', id: 'settings' }, before: { responseTargetMinutes: before }, after: { responseTargetMinutes: minutes } });
      }),

    /** The pass of the 7 days' wait, for the job and for tests that move the clock. */
    autoResolve,
  };
}

/** The admin acting on a device from a ticket: the device's audit row carries the ticket's number. */
export type TicketDeviceActor = { kind: 'admin'; admin: AuditActor; ticketNumber: number };

const channelOf = (request: NewTicketRequest) => (request.category === 'channels' ? (request.channel ?? null) : null);
