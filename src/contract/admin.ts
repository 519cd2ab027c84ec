import { z } from 'zod';
import { disputeRateSchema } from './disputes';
import { currencyField, emailField, phoneField, plainText, requiredText } from './fields';
import { moneyText } from './packages';
import { deviceCredentialSchema } from './subscriptions';
import { adminPasswordField, signInCodeField } from './admin-two-factor';
import { STAFF_ROLES } from './admin-staff';

/**
 * The administrator's calls (spec sections 3, 5 and 7): sign-in, the customer-subscription
 * records, purchase notifications, the dashboards' figures and create-customer. Every one
 * but the sign-in needs an admin session. Dates are ISO 8601 strings; money as '15.99'.
 */

export const INVALID_ADMIN_CREDENTIALS = 'Invalid admin credentials';
export const ADMIN_NOT_AUTHENTICATED = 'Admin authentication required';

export const adminLoginRequestSchema = z.object({
  username: requiredText('Username', 100, 'Username is too long'),
  password: adminPasswordField,
  /** Once two-factor sign-in is on: the authenticator's code or a recovery code (decision 0096). */
  code: signInCodeField,
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

/**
 * The signed-in administrator (login and GET /api/admin/auth), with the store's time zone
 * (an IANA name, STORE_TIME_ZONE), in which the admin pages write every date (decision 0034).
 */
export const adminSessionSchema = z.object({
  admin: z.object({ id: z.string(), username: z.string(), role: z.enum(STAFF_ROLES) }),
  store: z.object({ timeZone: z.string() }),
  /** Steps still asked of the member before anything else opens (decision 0098). */
  passwordChangeRequired: z.boolean(),
  twoFactorSetupRequired: z.boolean(),
});

/** One page of a long list (docs/decisions 0012): the body stays the spec's array, the total is a header. */
export { TOTAL_COUNT_HEADER } from './paging';
export const ADMIN_PAGE_DEFAULT = 100;
export const ADMIN_PAGE_MAX = 500;
export const adminListQuerySchema = z.looseObject({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(ADMIN_PAGE_MAX, `limit must be at most ${ADMIN_PAGE_MAX}`).default(ADMIN_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0, 'offset must be at least 0').max(10_000_000).default(0),
  /** Part of an email, a customer name or an order id. */
  q: plainText('Search').trim().max(100, 'Search is too long').optional(),
});

/** Admin customer-subscription record (spec section 3), one per subscription, newest payment first. */
export const adminCustomerRecordSchema = z.object({
  /** The subscription's id. */
  id: z.string(),
  orderId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  packageName: z.string(),
  subscriptionLength: z.string(),
  giftCardChoice: z.string().nullable(),
  paymentDate: z.string().nullable(),
  totalAmount: moneyText,
  /** The order's currency, which totalAmount is in (decision 0105). */
  currency: currencyField,
  deviceCount: z.number().int(),
  /** active | expired | pending_activation (shown with underscores as spaces). */
  status: z.string(),
  expirationDate: z.string(),
  /** An expired paid subscription whose lines still run: the end of its grace period (decision 0046). */
  graceEndsAt: z.string().nullable(),
  /** An expired subscription whose lines are off ("Suspended (expired)"); a renewal turns them on. */
  graceSuspended: z.boolean(),
  xtreamServer: z.string(),
  deviceCredentials: z.array(deviceCredentialSchema),
});
export type AdminCustomerRecord = z.infer<typeof adminCustomerRecordSchema>;
export const adminCustomerListSchema = z.array(adminCustomerRecordSchema);

/** Purchase notification (spec section 3), newest first. */
export const purchaseNotificationSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  packageName: z.string(),
  customerEmail: z.string(),
  subscriptionDuration: z.string(),
  deviceCount: z.number().int(),
  giftCard: z.string().nullable(),
  totalAmount: moneyText,
  /** The order's currency, which totalAmount is in (decision 0105). */
  currency: currencyField,
  timestamp: z.string(),
  /** The order was refunded since: its notice stays, marked, and its amount is left out of the revenue. */
  refunded: z.boolean(),
});
export type PurchaseNotification = z.infer<typeof purchaseNotificationSchema>;
export const purchaseNotificationListSchema = z.array(purchaseNotificationSchema);

/** A sum of money, which may pass the eight digits of one order's amount. */
const amountText = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * One figure per currency (decision 0105): USD, the store's default, always; each other
 * currency once an order in it was paid. Never a sum across currencies.
 */
const perCurrency = <T extends z.ZodType>(figure: T) => z.object({ USD: figure, EUR: figure.optional(), GBP: figure.optional(), BRL: figure.optional() });

/**
 * Every figure both dashboards show, from SQL aggregates (GET /api/admin/stats). Revenue is
 * net of refunds everywhere; a paid order took money and was not refunded; an active
 * subscription has status active. So revenue.total equals notifications.revenue and the
 * sum of GET /api/admin/revenue's days, and revenue.paidOrders the sum of their orders.
 */
export const adminStatsSchema = z.object({
  /** Customer-subscription records: their count, active ones (status active), customers holding one (0012) and devices. */
  subscriptions: z.object({
    count: z.number().int(),
    active: z.number().int(),
    uniqueCustomers: z.number().int(),
    devices: z.number().int(),
  }),
  /**
   * Revenue net of refunds (renewals included): all time and this calendar month in the store's
   * time zone; paid orders: above 0 and not refunded. total, thisMonth and paidOrders are the
   * USD orders' (the store's default currency, as the spec's figures are); the *ByCurrency
   * maps give each currency's own (decision 0105).
   */
  revenue: z.object({
    total: amountText,
    thisMonth: amountText,
    paidOrders: z.number().int(),
    byCurrency: perCurrency(amountText),
    thisMonthByCurrency: perCurrency(amountText),
    paidOrdersByCurrency: perCurrency(z.number().int()),
  }),
  /** Every notice, refunded ones too; its revenue net of refunds, as revenue.total (USD), and per currency as revenue.byCurrency. */
  notifications: z.object({
    count: z.number().int(),
    revenue: amountText,
    revenueByCurrency: perCurrency(amountText),
    devices: z.number().int(),
    uniqueCustomers: z.number().int(),
  }),
  /** The last 30 days of the store's time zone, oldest first, every day present. */
  revenueByDay: z.array(z.object({ date: z.string(), revenue: amountText })),
  /**
   * Work waiting for a person, for the navigation's badges; each is the total of its list:
   * orders to review, paid orders still owed a gift card, paid boxes not yet shipped, and
   * support tickets open (decision 0102).
   */
  waiting: z.object({ needsReview: z.number().int(), giftCardsOwed: z.number().int(), boxesToShip: z.number().int(), openTickets: z.number().int() }),
  /** Disputes over card payments in the last 30 days, with its colour: amber from 0.5%, red from 0.75% (decision 0100). */
  disputeRate: disputeRateSchema,
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const createCustomerRequestSchema = z.object({
  // An administrator's entry, not a visitor's: no relay for strangers, and every page shows it as text.
  firstName: requiredText('First name', 50),
  lastName: requiredText('Last name', 50),
  email: emailField,
  phone: phoneField,
  orderId: requiredText('Order ID', 64),
  // Beyond the spec's five fields: the admin's explicit yes to moving an order that belongs to
  // another address (docs/decisions/0037). Absent, such an order is refused with a 409.
  confirmMove: z.boolean().optional(),
});
export type CreateCustomerRequest = z.input<typeof createCustomerRequestSchema>;

/**
 * A 409 of create-customer. For an order of another address it names that address masked
 * (currentOwner), so the admin can confirm the move; its other refusals give only a message.
 */
export const createCustomerConflictSchema = z.object({ message: z.string(), currentOwner: z.string().optional() });
export const orderOwnedElsewhere = (maskedOwner: string, email: string) =>
  `This order belongs to ${maskedOwner}. Moving it to ${email} gives that address its subscription and credentials. Nothing was changed.`;

export const createCustomerResponseSchema = z.object({
  message: z.string(),
  customer: z.object({ id: z.string(), email: z.string(), firstName: z.string() }),
  orderId: z.string(),
});

export const CUSTOMER_ACCOUNT_CREATED = 'Customer account created successfully and password setup email sent';
export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_NOT_PAID = 'Only a paid order can be given an account';
/** Create-customer run again for an order whose account exists: nothing is done, and the admin is told why. */
export const orderAccountSignsIn = (email: string) => `This order already belongs to the account of ${email}, who can sign in. Nothing was sent.`;
export const orderSetupEmailSent = (email: string) =>
  `This order already has an account for ${email}, and its password setup email was sent. Nothing was sent again.`;
