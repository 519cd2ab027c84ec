// The account feature's face: the gate and the sections of /account.
export { AccountGate } from './AccountGate';
export { AccountHeader } from './AccountHeader';
export { AccountInfoCard } from './AccountInfoCard';
export { GiftCardsReceived } from './GiftCardsReceived';
export { SubscriptionsSection } from './SubscriptionsSection';
