// The devices feature's face: each device's logins, links, setup guides and (on the account and admin pages) its controls.
export { DeviceCredentialList } from './DeviceCredentialList';
