import { devicePasswordResponseSchema, type DeviceChangeRequest, type DevicePasswordResponse, type SetTopBoxRequest } from '#contract/devices';
import { deviceCredentialSchema } from '#contract/subscriptions';
import { api } from '../../lib/api';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';
import type { DeviceScope } from './device-scope';

/** Every change a customer (or the admin) makes to one device; each is confirmed in a dialog first. */
export type DeviceCommand =
  | { type: 'rename'; label: string }
  | { type: 'change-mac'; mac: string }
  | { type: 'set-top-box'; mac: string }
  | { type: 'new-password' }
  | { type: 'isp-reset' }
  | { type: 'disable' }
  | { type: 'enable' };

/*
 * A change answers the device as it left it (deviceCredentialSchema). The page reads it again
 * from its list and its status (the admin's order view lists it in another shape), so only
 * the new password's answer is kept.
 */

/** Sends one command; answers the new login for 'new-password', null for the others. */
export async function runDeviceCommand(scope: DeviceScope, deviceId: string, command: DeviceCommand): Promise<DevicePasswordResponse | null> {
  const { routes, setTopBox } = scope;
  const change = (body: DeviceChangeRequest) => api(routes.device(deviceId), { method: 'PATCH', body, schema: deviceCredentialSchema });
  switch (command.type) {
    case 'new-password':
      return api(routes.devicePassword(deviceId), { method: 'POST', schema: devicePasswordResponseSchema });
    case 'rename':
      await change({ label: command.label });
      return null;
    case 'change-mac':
      await change({ mac: command.mac });
      return null;
    case 'set-top-box': {
      // The button is offered only where the scope has the call.
      if (!setTopBox) throw new Error('Only the owner turns a device into a set-top box');
      const body: SetTopBoxRequest = { mac: command.mac };
      await api(setTopBox(deviceId), { method: 'POST', body, schema: deviceCredentialSchema });
      return null;
    }
    case 'isp-reset':
      await api(routes.deviceIspReset(deviceId), { method: 'POST', schema: deviceCredentialSchema });
      return null;
    case 'disable':
      await api(routes.deviceDisable(deviceId), { method: 'POST', schema: deviceCredentialSchema });
      return null;
    case 'enable':
      await api(routes.deviceEnable(deviceId), { method: 'POST', schema: deviceCredentialSchema });
      return null;
  }
}

/** The toast that says what happened, and the title of the one that says it did not, in the page's language (decision 0111). */
export function commandOutcome(command: DeviceCommand, name: string): { done: string; description: string; failed: string } {
  const outcome = (kind: string, values: Record<string, string>) => ({
    done: t(`devices.outcome.${kind}.done`),
    description: formatMessage(`devices.outcome.${kind}.description`, values),
    failed: t(`devices.outcome.${kind}.failed`),
  });
  switch (command.type) {
    case 'rename':
      return outcome('rename', { name, label: command.label });
    case 'change-mac':
      return outcome('changeMac', { mac: command.mac });
    case 'set-top-box':
      return outcome('setTopBox', { name, mac: command.mac });
    case 'new-password':
      return outcome('newPassword', { name });
    case 'isp-reset':
      return outcome('ispReset', { name });
    case 'disable':
      return outcome('disable', { name });
    case 'enable':
      return outcome('enable', { name });
  }
}
