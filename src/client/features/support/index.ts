// The support feature's face (decision 0102): the account's Help section, the guest's form and a ticket by its emailed link.
export { HelpSection } from './HelpSection';
export { MessageItem } from './MessageItem';
export { elapsed, pastTarget, STAFF_STATUS_LABELS } from './ticket-view';
export { ContactSupport, TicketByLink } from './SupportPages';
