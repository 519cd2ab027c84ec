import type { ReactNode } from 'react';
import type { AdminCustomerRecord } from '#contract/admin';
import { ServerAddress } from '../../../components/ServerAddress';
import { adminDevices, DeviceCredentialList, SubscriptionDevicesSwitch } from '../../devices';

/**
 * A record's server URL and numbered device logins with their state and controls; `empty` is
 * each page's words for none yet. The record does not say whether the store suspended its
 * devices: every device off is read as suspended, so that 'Enable all devices' is offered then.
 */
export function RecordCredentials({ record, empty }: { record: AdminCustomerRecord; empty: ReactNode }) {
  const devices = record.deviceCredentials;
  return (
    <div className="grid gap-3">
      <ServerAddress url={record.xtreamServer} />
      {devices.length > 0 && (
        <div className="flex justify-end">
          <SubscriptionDevicesSwitch subscriptionId={record.id} deviceIds={devices.map((device) => device.id)} suspended={devices.every((device) => !device.enabled)} />
        </div>
      )}
      <DeviceCredentialList credentials={devices} server={record.xtreamServer} empty={empty} showNumber scope={adminDevices} />
    </div>
  );
}
