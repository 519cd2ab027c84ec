/**
 * Where streaming lines come from (ARCHITECTURE D7). The store makes each device's
 * username and password itself; a provider then makes them work: the built-in generator
 * has nothing to call, a reseller panel gets one line per device.
 */
export interface LineRequest {
  username: string;
  password: string;
  /** Streams the line may play at once: one per device. */
  maxConnections: number;
  expiresAt: Date;
}

export interface ProvisioningProvider {
  readonly kind: 'generator' | 'xtream-panel';
  /** Creates a line; its id on the panel, or null when there is no panel. */
  createLine(line: LineRequest): Promise<{ lineId: string | null }>;
  /** Sets the line's expiry and makes sure it is enabled (renewal, activation). */
  extendLine(lineId: string, expiresAt: Date): Promise<void>;
  /** Stops the line (expiry, a device removed at renewal). */
  disableLine(lineId: string): Promise<void>;
}

/** The panel refused a line because its username is taken. */
export class LineUsernameTakenError extends Error {}
