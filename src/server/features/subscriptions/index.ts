// The subscriptions feature's face: provisioning, the lifecycle, the account's subscriptions and devices.
export { createSubscriptions, SCHEDULED_POLICY, SUBSCRIPTION_JOBS, type Subscriptions } from './service';
export { claimMilestone, dueMilestones, milestoneClaim, runsPaidSubscription, type DueMilestone } from './milestones';
export { subscriptionRoutes } from './routes';
export { adminDeviceRoutes, deviceRoutes } from './device-routes';
export { deviceView, type DeviceViewRow } from './device-view';
export type { DeviceAction, DeviceActor, DeviceChange } from './devices';
export type { BoughtPackage } from './provisioning';
export { renewalPrices, type SavedCardSummaries } from './views';
export { renewalCentsIn, renewalQuote } from './renewal-price';
export { moveCustomerSubscriptions, moveOrderSubscription } from './ownership';
export { subscriptionsForReading } from './read-only';
export { attachCardOfPurchase, firstOrderOf, ownSettings, switchAutoRenew, useCard, type SwitchedSubscription } from './settings';
export { confirmLinesOff, lapsedPastGrace, markGraceSuspended } from './grace';
export { customersRunningSubscriptions, extendForIncident, type ExtendedSubscription } from './incident-extension';
export { extendForGoodwill } from './goodwill';
export { holdForDispute, liftDisputeHold, subscriptionOfPaidOrder } from './dispute-suspension';
