// The subscriptions feature's face: provisioning, the lifecycle, the account's subscriptions and devices.
export { createSubscriptions, SCHEDULED_POLICY, type Subscriptions } from './service';
export type { DueMilestone } from './milestones';
export { subscriptionRoutes } from './routes';
export { autoRenewRoutes } from './auto-renew-routes';
export { adminDeviceRoutes, deviceRoutes, type AdminDeviceRouteOptions } from './device-routes';
export { deviceView, type DeviceViewRow } from './device-view';
export type { ProvisionResult } from './provisioning';
export { moveCustomerSubscriptions, moveOrderSubscription } from './ownership';
export { subscriptionsForReading } from './read-only';
export { renewalMilestoneMail, packageRetiredMail } from './milestone-mails';
export { renewalNoticeMail } from './renewal-notice-mail';
