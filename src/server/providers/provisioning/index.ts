import type { Config } from '#server/config';
import { createGeneratorProvisioning } from './generator';
import type { ProvisioningProvider } from './provisioning-provider';
import { createXtreamPanelProvisioning } from './xtream-panel';

export type { PanelDevice, ProvisioningProvider } from './provisioning-provider';
export { LineUsernameTakenError, MacTakenError } from './provisioning-provider';
export { newLinePassword, newLineUsername } from './credentials';
export { panelCallResult } from './call-results';

/** The reseller panel when XTREAM_PANEL_URL and XTREAM_PANEL_API_KEY are set, the generator otherwise. */
export function selectProvisioningProvider(config: Config): ProvisioningProvider {
  const { XTREAM_PANEL_URL: url, XTREAM_PANEL_API_KEY: apiKey } = config;
  // The configuration refuses one of the two without the other.
  if (!url || !apiKey) return createGeneratorProvisioning();
  const bouquets = config.XTREAM_PANEL_BOUQUETS?.split(',').map((id) => id.trim()).filter(Boolean);
  return createXtreamPanelProvisioning({ url, apiKey, bouquets });
}
