// The subscriptions feature's face: provisioning, the lifecycle, the account's subscriptions and devices.
export { createSubscriptions, SCHEDULED_POLICY, type Subscriptions } from './service';
export { claimMilestone, dueMilestones, lastPaidOrder, milestoneClaim, runsPaidSubscription, type DueMilestone } from './milestones';
export { subscriptionRoutes } from './routes';
export { adminDeviceRoutes, deviceRoutes } from './device-routes';
export { deviceView, type DeviceViewRow } from './device-view';
export type { ProvisionResult } from './provisioning';
export { moveCustomerSubscriptions, moveOrderSubscription } from './ownership';
export { subscriptionsForReading } from './read-only';
export { accountLink } from './mails';
