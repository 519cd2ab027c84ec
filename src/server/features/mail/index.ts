// The mail feature's public face: every email is written here (docs/decisions/0028), drawn
// from the templates of ./templates (decision 0040), and the customer's choice of reminders.
export { createMail, MAIL_JOBS, type Mail } from './service';
export type { Email } from './email';
export { mailRoutes } from './routes';
export { carryReminderChoice } from './preferences';
export { renderEmailHtml } from './render';
export { TEMPLATE_SAMPLES } from './templates/catalog';
export { AutoRenewOffEmail } from './templates/auto-renew-off';
export { BoxShippedEmail } from './templates/box-shipped';
export { RenewalReminderEmail, type RenewalReminderProps } from './templates/renewal-reminder';
export { serviceNoticeEmail } from './service-notice-email';
export { OrderConfirmationEmail } from './templates/order-confirmation';
export { linkMail } from './link-mail';
export { RefundEmail } from './templates/refund';
export { RenewalConfirmEmail } from './templates/renewal-confirm';
export { RenewalFailedEmail } from './templates/renewal-failed';
