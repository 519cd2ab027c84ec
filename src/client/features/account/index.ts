// The account feature's face: the gate and the sections of /account, and a payment's receipt.
export { AccountGate } from './AccountGate';
export { AccountHeader } from './AccountHeader';
export { AccountInfoCard } from './AccountInfoCard';
export { BillingHistory } from './BillingHistory';
export { GiftCardsReceived } from './GiftCardsReceived';
export { ReceiptView } from './ReceiptView';
export { SubscriptionsSection } from './SubscriptionsSection';
export { useSubscriptions } from './use-account';
