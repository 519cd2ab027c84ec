import type { LineStatus, PanelDevice, ProvisioningProvider } from './provisioning-provider';

/** What the demo knows of one device: what the store's own calls told it. */
interface DemoDevice {
  enabled: boolean;
  password: string | null;
  mac: string | null;
  ispResets: number;
}

/**
 * The built-in provider (D7 demo): the store's own random credentials are the line, with
 * nothing to call. Used when no reseller panel is configured. It keeps each device's state
 * in memory (turned off or on, its password and MAC), so that every device action works in
 * the zero-setup demo; no one streams in the demo, so a device is never online.
 */
export function createGeneratorProvisioning(): ProvisioningProvider {
  const devices = new Map<string, DemoDevice>();
  const deviceOf = (device: PanelDevice): DemoDevice => {
    const known = devices.get(device.username) ?? { enabled: true, password: null, mac: null, ispResets: 0 };
    devices.set(device.username, known);
    return known;
  };

  return {
    kind: 'generator',
    createLine: async () => ({ lineId: null }),
    createBox: async (box) => {
      devices.set(box.username, { enabled: true, password: box.password, mac: box.mac, ispResets: 0 });
      return { lineId: null, magId: null };
    },
    extendLine: async () => {},
    disableLine: async () => {},
    deviceStatus: async (device): Promise<LineStatus> => ({
      enabled: deviceOf(device).enabled,
      activeConnections: 0,
      maxConnections: 1,
      lastSeenAt: null,
      addresses: [],
    }),
    changePassword: async (device, password) => {
      deviceOf(device).password = password;
    },
    clearIspLock: async (device) => {
      deviceOf(device).ispResets += 1;
    },
    setEnabled: async (device, enabled) => {
      deviceOf(device).enabled = enabled;
    },
    changeMac: async (device, mac) => {
      deviceOf(device).mac = mac;
    },
    removeLine: async (device) => {
      devices.delete(device.username);
    },
    // No panel to reach and no credits to spend: the demo always answers, and the admin's Panel view says it is the demo (decision 0093).
    checkHealth: async () => ({ credits: null }),
  };
}
