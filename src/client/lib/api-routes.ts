/**
 * Every path of the store's API the client calls, as spec section 7 writes them; a path
 * with an id in it is a function. With the admin's (admin-api-routes.ts, apart so that the
 * storefront's first JavaScript does not carry them: decision 0082), the only place on the
 * client that spells '/api/' (decision 0030).
 */

const segment = encodeURIComponent;

/** The storefront's calls: catalog, checkout, payments, sign-in and the account. */
export const apiRoutes = {
  packages: '/api/packages',
  storeConfig: '/api/config',
  /** The public status page's one call (decision 0094). */
  status: '/api/status',
  /** Whether the trial buttons offer a trial today (decision 0101). */
  trialAvailability: '/api/trials/availability',
  /** A policy page's one call (decision 0097): the version in force, rendered on the server. */
  policy: (name: string) => `/api/policies/${segment(name)}`,
  validateCoupon: '/api/validate-coupon',
  checkout: '/api/checkout',
  paymentSuccess: '/api/webhook/payment-success',
  /** A renewal paid with the subscription's saved card, and its 3-D Secure confirmation (decision 0076). */
  checkoutSavedCard: '/api/checkout/saved-card',
  checkoutSavedCardConfirm: '/api/checkout/saved-card/confirm',
  demoConfirmPayment: (paymentIntentId: string) => `/api/demo/payment-intents/${segment(paymentIntentId)}/confirm`,
  createCryptoPayment: '/api/create-crypto-payment',
  cryptoPayment: (paymentId: string) => `/api/crypto-payment/${segment(paymentId)}`,
  demoSimulateCryptoPayment: (paymentId: string) => `/api/demo/crypto-payments/${segment(paymentId)}/simulate`,
  login: '/api/login',
  register: '/api/register',
  registerTrial: '/api/register-trial',
  currentCustomer: '/api/auth/me',
  logout: '/api/logout',
  setupLink: (token: string) => `/api/setup/${segment(token)}`,
  setupPassword: '/api/setup-password',
  resendSetupLink: '/api/resend-setup-link',
  forgotPassword: '/api/forgot-password',
  subscriptions: '/api/subscriptions',
  activateSubscription: (subscriptionId: string) => `/api/subscriptions/${segment(subscriptionId)}/activate`,
  /** Automatic renewal of one subscription (decision 0044): PATCH on or off, a card setup, and the card it saved. */
  autoRenew: (subscriptionId: string) => `/api/subscriptions/${segment(subscriptionId)}/auto-renew`,
  cardSetup: (subscriptionId: string) => `/api/subscriptions/${segment(subscriptionId)}/card-setup`,
  subscriptionCard: (subscriptionId: string) => `/api/subscriptions/${segment(subscriptionId)}/card`,
  demoConfirmSetup: (setupIntentId: string) => `/api/demo/setup-intents/${segment(setupIntentId)}/confirm`,
  customerOrders: '/api/customer/orders',
  /** The account's payments, and one of them as its printable receipt. */
  billing: '/api/account/billing',
  receipt: (orderId: string) => `/api/account/billing/${segment(orderId)}`,
  /** PATCH: the zone the customer's dates and times are written in (decision 0074). */
  accountTimeZone: '/api/account/time-zone',
  /** One device of the account's subscriptions: GET its live status, PATCH its label or MAC. */
  deviceStatus: (deviceId: string) => `/api/devices/${segment(deviceId)}/status`,
  device: (deviceId: string) => `/api/devices/${segment(deviceId)}`,
  devicePassword: (deviceId: string) => `/api/devices/${segment(deviceId)}/password`,
  deviceIspReset: (deviceId: string) => `/api/devices/${segment(deviceId)}/isp-reset`,
  deviceDisable: (deviceId: string) => `/api/devices/${segment(deviceId)}/disable`,
  deviceEnable: (deviceId: string) => `/api/devices/${segment(deviceId)}/enable`,
  /** The owner's line device becomes a set-top box known by its MAC (decision 0078). */
  deviceSetTopBox: (deviceId: string) => `/api/devices/${segment(deviceId)}/set-top-box`,
  emailPreferences: '/api/customer/email-preferences',
  /** The account's Telegram chat (decision 0103): GET linked or not, DELETE unlinks; POST .../link makes a one-time deep link. */
  telegram: '/api/customer/telegram',
  telegramLink: '/api/customer/telegram/link',
  unsubscribe: '/api/unsubscribe',
  unsubscribeLink: (token: string) => `/api/unsubscribe?token=${segment(token)}`,
  /** An automatic renewal's charge the bank wants confirmed (3-D Secure): its page's data, with the emailed link's token, and the confirmation. */
  renewal: (renewalId: string, token: string) => `/api/renewals/${segment(renewalId)}${token ? `?token=${segment(token)}` : ''}`,
  confirmRenewal: (renewalId: string) => `/api/renewals/${segment(renewalId)}/confirm`,
  /** Support tickets (decision 0102): the account's and a guest's, with an emailed link's token in a header. */
  supportTickets: '/api/support/tickets',
  supportTicket: (ticketId: string) => `/api/support/tickets/${segment(ticketId)}`,
  supportTicketMessages: (ticketId: string) => `/api/support/tickets/${segment(ticketId)}/messages`,
  supportTicketResolve: (ticketId: string) => `/api/support/tickets/${segment(ticketId)}/resolve`,
  supportTicketRating: (ticketId: string) => `/api/support/tickets/${segment(ticketId)}/rating`,
  supportAttachment: (attachmentId: string) => `/api/support/attachments/${segment(attachmentId)}`,
} as const;
