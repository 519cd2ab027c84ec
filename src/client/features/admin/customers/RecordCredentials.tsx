import type { ReactNode } from 'react';
import type { AdminCustomerRecord } from '#contract/admin';
import { DeviceCredentialList } from '../../devices';
import { ServerAddress } from '../../../components/ServerAddress';

/** A record's server URL and numbered device logins; `empty` is each page's words for none yet. */
export function RecordCredentials({ record, empty }: { record: AdminCustomerRecord; empty: ReactNode }) {
  return (
    <div className="grid gap-3">
      <ServerAddress url={record.xtreamServer} />
      <DeviceCredentialList credentials={record.deviceCredentials} server={record.xtreamServer} empty={empty} showNumber />
    </div>
  );
}
