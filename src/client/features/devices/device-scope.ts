import type { QueryKey } from '@tanstack/react-query';
import { adminApiRoutes, apiRoutes } from '../../lib/api-routes';
import { adminKeys, queryKeys } from '../../lib/query-keys';

/** The calls on one device; the customer's and the administrator's have the same shape. */
type DeviceRoutes = Pick<typeof apiRoutes, 'deviceStatus' | 'device' | 'devicePassword' | 'deviceIspReset' | 'deviceDisable' | 'deviceEnable'>;

/** Who acts on a device: the calls they use, the key of its live status, and the lists an action changes. */
export interface DeviceScope {
  routes: DeviceRoutes;
  statusKey: (deviceId: string) => QueryKey;
  refreshes: readonly QueryKey[];
}

/** The account page: the signed-in customer's own devices. */
export const customerDevices: DeviceScope = {
  routes: apiRoutes,
  statusKey: queryKeys.deviceStatus,
  refreshes: [queryKeys.subscriptions],
};

/** The admin's customer and order views: any customer's device, audited with the admin as actor. */
export const adminDevices: DeviceScope = {
  routes: adminApiRoutes,
  statusKey: adminKeys.deviceStatus,
  refreshes: [adminKeys.customers, adminKeys.orders],
};
