// The devices feature's face: each device's logins, links, setup guides, live state and controls,
// for the customer's account page and the admin's customer and order views.
export { DeviceCredentialList } from './DeviceCredentialList';
export { DeviceControls } from './DeviceControls';
export { adminDevices, customerDevices } from './device-scope';
export type { DeviceLock, DeviceTarget } from './device-view';
export { SubscriptionDevicesSwitch } from './SubscriptionDevicesSwitch';
