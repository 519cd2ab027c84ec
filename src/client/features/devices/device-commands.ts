import { devicePasswordResponseSchema, type DeviceChangeRequest, type DevicePasswordResponse, type SetTopBoxRequest } from '#contract/devices';
import { deviceCredentialSchema } from '#contract/subscriptions';
import { api } from '../../lib/api';
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

/** The toast that says what happened, and the title of the one that says it did not. */
export function commandOutcome(command: DeviceCommand, name: string): { done: string; description: string; failed: string } {
  switch (command.type) {
    case 'rename':
      return { done: 'Device Renamed', description: `${name} is now called ${command.label}.`, failed: 'Rename Failed' };
    case 'change-mac':
      return { done: 'MAC Address Changed', description: `The box ${command.mac} can now sign in at the portal.`, failed: 'MAC Change Failed' };
    case 'set-top-box':
      return {
        done: 'Set-Top Box Added',
        description: `The box ${command.mac} takes the place of ${name} and signs in at the portal. Its old username and password no longer work.`,
        failed: 'Set-Top Box Not Added',
      };
    case 'new-password':
      return { done: 'Password Changed', description: `The old password of ${name} no longer works. Enter the new one in your apps.`, failed: 'Password Change Failed' };
    case 'isp-reset':
      return { done: 'ISP Lock Reset', description: `${name} can now connect from its new internet connection.`, failed: 'ISP Reset Failed' };
    case 'disable':
      return { done: 'Device Turned Off', description: `${name} no longer plays until it is turned on again.`, failed: 'Turn Off Failed' };
    case 'enable':
      return { done: 'Device Turned On', description: `${name} can play again.`, failed: 'Turn On Failed' };
  }
}
