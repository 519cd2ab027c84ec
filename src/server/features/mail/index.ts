// The mail feature's public face: every email is written to the outbox and rendered here (decision 0028), the
// customer's choice of reminders, and the order's, password links', shipment's and refund's emails with their
// templates (decision 0040); the renewals' emails are the renewals feature's (decision 0087).
export { createMail, MAIL_JOBS, type Mail } from './service';
export { mailRoutes } from './routes';
export { carryReminderChoice } from './preferences';
export { renderEmailHtml } from './render';
// Each template and its sample data, for the preview catalogue (src/server/cli/email-samples.tsx).
export { BoxShippedEmail, boxShippedSample } from './templates/box-shipped';
export { OrderConfirmationEmail, orderConfirmationAutoRenewSample, orderConfirmationSample, renewalReceiptSample } from './templates/order-confirmation';
export { claimLinkSample, PasswordLinkEmail, passwordLinkSample, passwordResetSample } from './templates/password-link';
export { RefundEmail, refundSample } from './templates/refund';
export { boxShippedMail } from './box-shipped-email';
// The order's emails (decision 0028), moved here from the subscriptions feature (decision 0084).
export { orderConfirmationMail, paidWithOf, type ConfirmationDetails, type PaidWith, type RenewalReceipt } from './order-emails';
export { linkMail } from './link-mail';
export { refundMail } from './refund-email';
