// The account feature's face: the sections of /account.
export { AccountHeader } from './AccountHeader';
export { AccountInfoCard } from './AccountInfoCard';
export { GiftCardsReceived } from './GiftCardsReceived';
export { SubscriptionsSection } from './SubscriptionsSection';
