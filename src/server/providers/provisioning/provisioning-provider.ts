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

/** A set-top box: a line the box signs into by its MAC address through the portal. */
export interface BoxRequest extends LineRequest {
  /** Upper case with colons. */
  mac: string;
}

/** One device as the provider knows it: its line, and for a set-top box its MAG device too. */
export interface PanelDevice {
  /** The store's username of the line: the generator's key. */
  username: string;
  /** The panel's id of the line; null when there is no panel (or the line was never made there). */
  lineId: string | null;
  /** The panel's id of a set-top box; null for a line. */
  magId: string | null;
}

/** A device's state on the panel now. */
export interface LineStatus {
  enabled: boolean;
  /** Streams playing now. */
  activeConnections: number;
  maxConnections: number;
  /** When the panel last saw the line play, if it says. */
  lastSeenAt: Date | null;
  /** The addresses the playing streams come from, where the panel says (a dispute's evidence, decision 0100). */
  addresses: string[];
}

/** What the panel says of itself when checked (decision 0093). */
export interface PanelHealth {
  /** The reseller's credits left; null when the panel does not say (or there is no panel). */
  credits: number | null;
}

export interface ProvisioningProvider {
  readonly kind: 'generator' | 'xtream-panel';
  /** Creates a line; its id on the panel, or null when there is no panel. */
  createLine(line: LineRequest): Promise<{ lineId: string | null }>;
  /** Creates a set-top box (its line and its MAG device); their ids on the panel, or null when there is no panel. */
  createBox(box: BoxRequest): Promise<{ lineId: string | null; magId: string | null }>;
  /**
   * Sets the line's expiry and makes sure it is enabled (renewal, activation); with
   * `enable: false` only the expiry, for a line its owner turned off (decision 0042).
   */
  extendLine(lineId: string, expiresAt: Date, options?: { enable?: boolean }): Promise<void>;
  /** Stops the line (expiry, a device removed at renewal). */
  disableLine(lineId: string): Promise<void>;

  /** The device's state; gives up (throws) after the status time limit (3 s on a panel). */
  deviceStatus(device: PanelDevice): Promise<LineStatus>;
  /** The line's new password: the old one stops working. */
  changePassword(device: PanelDevice, password: string): Promise<void>;
  /** Clears the ISP lock, so that the line plays from a new connection. */
  clearIspLock(device: PanelDevice): Promise<void>;
  /** Turns the device off or on (a box through its MAG device, a line itself); nothing else changes. */
  setEnabled(device: PanelDevice, enabled: boolean): Promise<void>;
  /** Moves a set-top box to a new MAC address. */
  changeMac(device: PanelDevice, mac: string): Promise<void>;
  /**
   * Deletes a device's line for good: its username and password stop working and the panel
   * forgets them (a line whose device became a set-top box, which has a line of its own).
   */
  removeLine(device: PanelDevice): Promise<void>;

  /**
   * The minute's check of the panel (decision 0093): resolves when the panel answers the
   * reseller's key, with its credits where it gives them; throws, with why, when it does not
   * answer, refuses the key or gives up after the health time limit (10 s on a panel).
   */
  checkHealth(): Promise<PanelHealth>;
}

/** The panel refused a line because its username is taken. */
export class LineUsernameTakenError extends Error {}

/** The panel refused a set-top box because its MAC address is already there. */
export class MacTakenError extends Error {}

/** The panel answered, refusing the call (as opposed to not answering); `status` is its STATUS_* word, when it gave one. */
export class PanelRefusedError extends Error {
  constructor(
    message: string,
    readonly status: string | null = null,
  ) {
    super(message);
  }
}
