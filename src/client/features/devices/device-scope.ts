import type { QueryKey } from '@tanstack/react-query';
import { adminApiRoutes } from '../../lib/admin-api-routes';
import { apiRoutes } from '../../lib/api-routes';
import { adminKeys } from '../../lib/admin-query-keys';
import { queryKeys } from '../../lib/query-keys';

/** The calls on one device; the customer's and the administrator's have the same shape. */
type DeviceRoutes = Pick<typeof apiRoutes, 'deviceStatus' | 'device' | 'devicePassword' | 'deviceIspReset' | 'deviceDisable' | 'deviceEnable'>;

/**
 * Who acts on a device: the calls they use, the key of its live status, and the lists an action
 * changes. `setTopBox` is the call that turns a line into a set-top box, the owner's alone
 * (decision 0078): null where the button is not offered.
 */
export interface DeviceScope {
  routes: DeviceRoutes;
  setTopBox: ((deviceId: string) => string) | null;
  statusKey: (deviceId: string) => QueryKey;
  refreshes: readonly QueryKey[];
}

/** The account page: the signed-in customer's own devices. */
export const customerDevices: DeviceScope = {
  routes: apiRoutes,
  setTopBox: apiRoutes.deviceSetTopBox,
  statusKey: queryKeys.deviceStatus,
  refreshes: [queryKeys.subscriptions],
};

/** The admin's customer and order views: any customer's device, audited with the admin as actor. */
export const adminDevices: DeviceScope = {
  routes: adminApiRoutes,
  setTopBox: null,
  statusKey: adminKeys.deviceStatus,
  refreshes: [adminKeys.customers, adminKeys.orders],
};
