import { LineUsernameTakenError, MacTakenError, PanelRefusedError } from './provisioning-provider';

/**
 * How a call to the panel ended, for its metrics (decision 0091): 'refused' when the panel
 * answered no (a username or MAC address taken, a line it does not know, a wrong key),
 * 'failed' when it gave no usable answer (unreachable, a timeout, an HTTP error, not JSON).
 */
export function panelCallResult(error: unknown): 'ok' | 'refused' | 'failed' {
  if (error === null) return 'ok';
  const refused = error instanceof PanelRefusedError || error instanceof LineUsernameTakenError || error instanceof MacTakenError;
  return refused ? 'refused' : 'failed';
}
