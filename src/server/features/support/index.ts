// The support feature's face (decision 0102): its tables (tickets, messages, attachments, emailed links, canned
// replies, settings, the support role's goodwill days), written through these functions in the caller's
// transaction; the ticket emails; and the customers' and staff's routes. The support workflow joins it to the
// accounts, orders, subscriptions, device actions, mail and audit log.
export * from './tickets';
export { ticketReplyMail, ticketResolvedMail, ticketVerifyMail } from './emails';
export { supportRoutes, type TicketCaller } from './routes';
export { adminSupportRoutes } from './admin-routes';
