import { z } from 'zod';
import { ORDER_ID_PATTERN } from '#domain/order-id';
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketCategory } from '#domain/tickets';
import { emailField, paragraphText, plainText, requiredText } from './fields';

/**
 * Support tickets (decision 0102): a customer's or a verified guest's conversation with the
 * staff, a ticket's line state beside it for the staff, goodwill days and device actions.
 */

export { TICKET_CATEGORIES, TICKET_STATUSES, type TicketCategory, type TicketStatus } from '#domain/tickets';

export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  billing: 'Payment or billing',
  device: 'A device or app',
  channels: 'Channels or picture',
  account: 'Account',
  other: 'Other',
};

export const SUBJECT_MIN = 3;
export const SUBJECT_MAX = 120;
export const MESSAGE_MAX = 5000;
export const CHANNEL_MAX = 80;

export const TICKET_NOT_FOUND = 'Ticket not found';
export const TICKET_DEVICE_NOT_FOUND = 'Device not found';
export const GUEST_ORDER_NOT_FOUND = 'We could not find an order with this ID and email';
export const TICKET_NOT_RESOLVED = 'A ticket can be rated once it is resolved';
export const TICKET_ALREADY_RATED = 'This ticket has already been rated';
export const ATTACHMENT_NOT_IMAGE = 'Attachments must be PNG, JPEG or WebP images';
export const ATTACHMENT_TOO_LARGE = 'Each attachment must be at most 5 MB';
export const ATTACHMENTS_TOO_MANY = 'At most 3 attachments per message';
export const GOODWILL_LIMIT = 'Support may add at most 3 goodwill days per subscription each month';
export const SUBSCRIPTION_NOT_OF_TICKET = 'This subscription is not the ticket customer\u2019s';
export const CANNED_REPLY_NOT_FOUND = 'Canned reply not found';
/** The header that carries a guest's (or an emailed link's) ticket token: never in a URL the server logs. */
export const TICKET_TOKEN_HEADER = 'x-ticket-token';

export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 3;
export const GOODWILL_MAX_DAYS = 3;
/** The owner's response target when none was set (issue's default: 4 hours). */
export const DEFAULT_RESPONSE_TARGET_MINUTES = 240;

const categoryField = z.enum(TICKET_CATEGORIES, { error: `category must be one of ${TICKET_CATEGORIES.join(', ')}` });
const subjectField = requiredText('Subject', SUBJECT_MAX).refine((text) => text.length >= SUBJECT_MIN, `Subject must be at least ${SUBJECT_MIN} characters`);
export const messageField = paragraphText('Message', MESSAGE_MAX);
const channelField = requiredText('Channel', CHANNEL_MAX).optional();
const uuidField = (label: string) => z.uuid({ error: `${label} is not valid` });
const orderIdField = plainText('Order ID')
  .trim()
  .toUpperCase()
  .regex(ORDER_ID_PATTERN, 'Order ID looks like SP-1234567890-123');

const ticketBody = { category: categoryField, subject: subjectField, message: messageField };

/**
 * POST /api/support/tickets: signed in, `{ category, subject, message, deviceId?, channel? }`;
 * as a guest, `{ email, orderId, category, subject, message, channel? }`. One object, so each
 * missing or wrong field is named; the route says which of the two the caller must send.
 */
export const newTicketRequestSchema = z.strictObject({
  ...ticketBody,
  deviceId: uuidField('Device').optional(),
  channel: channelField,
  email: emailField.optional(),
  orderId: orderIdField.optional(),
});
export type NewTicketRequest = z.infer<typeof newTicketRequestSchema>;
export const GUEST_FIELDS_REQUIRED = 'Email and order ID are required to write without signing in';
export const SIGNED_IN_NO_GUEST_FIELDS = 'You are signed in: leave out the email and order ID';
export const GUEST_NO_DEVICE = 'Sign in to name one of your devices';

export const createdTicketSchema = z.object({
  ticket: z.object({ id: z.string(), number: z.number().int(), status: z.enum(TICKET_STATUSES) }),
  /** A guest's ticket waits for the emailed link: the client says so. */
  verificationSent: z.boolean(),
});
export type CreatedTicket = z.infer<typeof createdTicketSchema>;

/** Any text up to 64 characters: one that names no ticket or image answers 404, as a missing one. */
export const ticketParamsSchema = z.object({ id: z.string().max(64, 'Ticket not found') });
export const attachmentParamsSchema = z.object({ id: z.string().max(64, 'Attachment not found') });

export const newMessageRequestSchema = z.strictObject({ message: messageField });
export const staffMessageRequestSchema = z.strictObject({ message: messageField, internal: z.boolean().optional() });

export const attachmentSchema = z.object({ id: z.string(), filename: z.string(), contentType: z.string(), size: z.number().int() });
export const ticketMessageSchema = z.object({
  id: z.string(),
  /** customer | staff | store (an automatic note) */
  author: z.enum(['customer', 'staff', 'store']),
  /** The agent's username on a staff message; null otherwise. */
  staffName: z.string().nullable(),
  body: z.string(),
  /** An internal note: staff only, never sent to the customer. */
  internal: z.boolean(),
  createdAt: z.string(),
  attachments: z.array(attachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  category: z.enum(TICKET_CATEGORIES),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  email: z.string(),
  deviceId: z.string().nullable(),
  channel: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastCustomerMessageAt: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  rating: z.number().int().nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
export const ticketListSchema = z.array(ticketSummarySchema);

export const ticketDetailSchema = ticketSummarySchema.extend({ messages: z.array(ticketMessageSchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ratingRequestSchema = z.strictObject({ score: z.coerce.number().int().min(1, 'Score is 1 to 5').max(5, 'Score is 1 to 5') });

// The staff's side.

export const adminTicketQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  /** me: assigned to the signed-in member; none: unassigned. */
  assigned: z.enum(['me', 'none']).optional(),
  /** A ticket number, an email or words of a subject or message. */
  q: plainText('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
});
export type AdminTicketQuery = z.infer<typeof adminTicketQuerySchema>;

export const adminTicketListSchema = z.object({
  tickets: ticketListSchema,
  /** Past this time since the customer's last message an open ticket's clock is red. */
  responseTargetMinutes: z.number().int(),
});

export const ticketDeviceContextSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  name: z.string(),
  packageName: z.string(),
  /** The panel's live view; null fields when it did not answer in time. */
  online: z.boolean().nullable(),
  activeConnections: z.number().int().nullable(),
  maxConnections: z.number().int(),
  lastSeenAt: z.string().nullable(),
  enabled: z.boolean(),
  expiresAt: z.string(),
  autoRenew: z.boolean(),
  savedCard: z.string().nullable(),
});
export const ticketPaymentSchema = z.object({ orderId: z.string(), status: z.string(), amount: z.string(), currency: z.string(), createdAt: z.string() });
export const ticketContextSchema = z.object({
  devices: z.array(ticketDeviceContextSchema),
  lastPayment: ticketPaymentSchema.nullable(),
  openOrders: z.array(ticketPaymentSchema),
});
export type TicketContext = z.infer<typeof ticketContextSchema>;
export const adminTicketDetailSchema = ticketDetailSchema.extend({ context: ticketContextSchema });
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

export const ticketPatchSchema = z
  .strictObject({ status: z.enum(TICKET_STATUSES).optional(), assigneeId: uuidField('Assignee').nullable().optional() })
  .refine((patch) => patch.status !== undefined || patch.assigneeId !== undefined, 'Give a status or an assignee');
export type TicketPatch = z.infer<typeof ticketPatchSchema>;

export const goodwillRequestSchema = z.strictObject({
  subscriptionId: uuidField('Subscription'),
  days: z.number().int('Days is 1 to 3').min(1, 'Days is 1 to 3').max(GOODWILL_MAX_DAYS, 'Days is 1 to 3'),
});
export const goodwillResponseSchema = z.object({ subscriptionId: z.string(), expiresAt: z.string(), message: z.string() });

export const TICKET_DEVICE_ACTIONS = ['isp-reset', 'password', 'disable', 'enable'] as const;
export const ticketDeviceParamsSchema = z.object({ id: uuidField('Ticket'), deviceId: uuidField('Device'), action: z.enum(TICKET_DEVICE_ACTIONS) });

export const cannedReplySchema = z.object({ id: z.string(), title: z.string(), body: z.string() });
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedReplyRequestSchema = z.strictObject({ title: requiredText('Title', 80), body: messageField });
export const cannedReplyParamsSchema = z.object({ id: uuidField('Canned reply') });

export const channelCountSchema = z.object({ channel: z.string(), tickets: z.number().int() });
export const supportOverviewSchema = z.object({
  /** Tickets open now (the navigation's count). */
  open: z.number().int(),
  /** The newest ticket's number, for the new-ticket toast; null with none. */
  newest: z.object({ id: z.string(), number: z.number().int(), subject: z.string() }).nullable(),
  /** "Channels or picture" tickets of the last 24 hours by channel, most first. */
  channels: z.array(channelCountSchema),
});
export type SupportOverview = z.infer<typeof supportOverviewSchema>;

export const ratingFiguresSchema = z.object({
  byAgent: z.array(z.object({ agent: z.string(), average: z.number(), ratings: z.number().int() })),
  byCategory: z.array(z.object({ category: z.enum(TICKET_CATEGORIES), average: z.number(), ratings: z.number().int() })),
});
export const supportSettingsSchema = z.object({ responseTargetMinutes: z.number().int().min(5, 'At least 5 minutes').max(10080, 'At most 7 days') });
