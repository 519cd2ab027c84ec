import type { ProvisioningProvider } from './provisioning-provider';

/**
 * The built-in provider (D7 demo): the store's own random credentials are the line, with
 * nothing to call. Used when no reseller panel is configured.
 */
export function createGeneratorProvisioning(): ProvisioningProvider {
  return {
    kind: 'generator',
    createLine: async () => ({ lineId: null }),
    extendLine: async () => {},
    disableLine: async () => {},
  };
}
