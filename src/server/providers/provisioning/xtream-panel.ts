import {
  LineUsernameTakenError,
  MacTakenError,
  PanelRefusedError,
  type BoxRequest,
  type LineRequest,
  type LineStatus,
  type PanelDevice,
  type ProvisioningProvider,
} from './provisioning-provider';

/** A panel call gives up after this long (decision 0016); the provisioning job is retried later. */
export const XTREAM_PANEL_TIMEOUT_MS = 15_000;
/** A device's live status gives up sooner: the account page shows the credentials without it (decision 0042). */
export const XTREAM_PANEL_STATUS_TIMEOUT_MS = 3000;
/** The minute's health check gives up well within its minute and the check's 15 s tick (decision 0093). */
export const XTREAM_PANEL_HEALTH_TIMEOUT_MS = 10_000;

export interface XtreamPanelOptions {
  /** The panel's API address, for XUI.one `https://panel.example.com/<access code>/`. */
  url: string;
  apiKey: string;
  /** Bouquets (channel packages) every new line gets; none leaves the panel's default. */
  bouquets?: string[];
  /** XTREAM_PANEL_TIMEOUT_MS unless given (tests wait less). */
  timeoutMs?: number;
  /** XTREAM_PANEL_STATUS_TIMEOUT_MS unless given. */
  statusTimeoutMs?: number;
  /** XTREAM_PANEL_HEALTH_TIMEOUT_MS unless given. */
  healthTimeoutMs?: number;
}

/** get_line's line, as XUI.one answers it: numbers may come as text, flags as 0/1. */
interface PanelLine {
  enabled?: number | string | boolean;
  max_connections?: number | string;
  active_connections?: number | string;
  /** Unix seconds. */
  last_activity?: number | string | null;
}

/** The panel's error text without any value the store sent (a password it might echo), for logs. */
function redacted(text: string, fields: Record<string, string | string[]>): string {
  let safe = text;
  for (const value of Object.values(fields).flat()) if (value.length >= 6) safe = safe.split(value).join('[redacted]');
  return safe;
}

const flag = (value: unknown) => value === true || value === 1 || value === '1';
const count = (value: unknown) => (Number.isFinite(Number(value)) ? Math.max(0, Math.trunc(Number(value))) : 0);
const unixDate = (value: unknown) => (value && Number(value) > 0 ? new Date(Number(value) * 1000) : null);

/** user_info's data: the reseller account the key belongs to; credits may come as text ('120.00'). */
interface PanelReseller {
  credits?: number | string | null;
}

/** The reseller's credits as a number, or null when the answer has none a number can be read from. */
function creditsOf(data: unknown): number | null {
  const { credits } = (data ?? {}) as PanelReseller;
  const value = typeof credits === 'number' ? credits : typeof credits === 'string' && credits.trim() !== '' ? Number(credits) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

interface PanelAnswer {
  status?: string;
  error?: string;
  /** `{ id }` or `{ line_id }` on a created line; anything else on other calls. */
  data?: unknown;
}

/**
 * A reseller panel in the style of XUI.one's reseller API (the successor of Xtream-UI), with a reseller key only:
 * `{url}?api_key=..&action=create_line|edit_line|enable_line|disable_line|delete_line|get_line|
 * live_connections|create_mag|edit_mag|enable_mag|disable_mag|user_info` with the
 * fields posted as a form, answered by `{ status: 'STATUS_SUCCESS', data }`. The key
 * stays out of error messages and logs.
 */
export function createXtreamPanelProvisioning(options: XtreamPanelOptions): ProvisioningProvider {
  const timeoutMs = options.timeoutMs ?? XTREAM_PANEL_TIMEOUT_MS;
  const statusTimeoutMs = options.statusTimeoutMs ?? XTREAM_PANEL_STATUS_TIMEOUT_MS;
  const healthTimeoutMs = options.healthTimeoutMs ?? XTREAM_PANEL_HEALTH_TIMEOUT_MS;

  async function call(action: string, fields: Record<string, string | string[]>, timeout = timeoutMs): Promise<PanelAnswer> {
    const url = new URL(options.url);
    url.searchParams.set('api_key', options.apiKey);
    url.searchParams.set('action', action);
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(Array.isArray(value) ? `${key}[]` : key, item);
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeout),
      });
    } catch (error) {
      // fetch says only "fetch failed"; its cause (ECONNREFUSED, ECONNRESET, "bad port") tells the admin's list why.
      const cause = (error as Error).cause as { code?: unknown; message?: unknown } | undefined;
      const why = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : null;
      throw new Error(`Xtream panel unreachable for ${action}: ${(error as Error).message}${why ? ` (${why})` : ''}`);
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`Xtream panel answered HTTP ${response.status} to ${action}`);
    let answer: PanelAnswer;
    try {
      answer = JSON.parse(text) as PanelAnswer;
    } catch {
      throw new Error(`Xtream panel answered ${action} with something other than JSON`);
    }
    if (answer.status === 'STATUS_EXISTS_USERNAME') throw new LineUsernameTakenError(`Xtream panel: username already taken`);
    if (answer.status === 'STATUS_EXISTS_MAC') throw new MacTakenError(`Xtream panel: MAC address already on a device`);
    if (answer.status !== 'STATUS_SUCCESS') {
      throw new PanelRefusedError(
        `Xtream panel refused ${action}: ${answer.status ?? 'no status'}${answer.error ? ` (${redacted(answer.error, fields)})` : ''}`,
        answer.status ?? null,
      );
    }
    return answer;
  }

  const unixSeconds = (date: Date) => String(Math.floor(date.getTime() / 1000));

  /** A created line's or device's id in the answer's data, as `id` or `<name>_id`. */
  function idIn(answer: PanelAnswer, ...names: string[]): string | null {
    const data = (answer.data ?? {}) as Record<string, unknown>;
    for (const name of names) {
      const id = data[name];
      if (typeof id === 'string' || typeof id === 'number') return String(id);
    }
    return null;
  }

  function lineOf(device: PanelDevice): string {
    if (!device.lineId) throw new Error('The device has no line on the Xtream panel yet');
    return device.lineId;
  }

  function magOf(device: PanelDevice): string {
    if (!device.magId) throw new Error('The device is not a set-top box on the Xtream panel');
    return device.magId;
  }

  return {
    kind: 'xtream-panel',

    async createLine(line: LineRequest) {
      const answer = await call('create_line', {
        username: line.username,
        password: line.password,
        max_connections: String(line.maxConnections),
        exp_date: unixSeconds(line.expiresAt),
        is_trial: '0',
        ...(options.bouquets?.length ? { bouquets_selected: options.bouquets } : {}),
      });
      const lineId = idIn(answer, 'id', 'line_id');
      if (!lineId) throw new Error('Xtream panel created a line but gave no id');
      return { lineId };
    },

    async createBox(box: BoxRequest) {
      const answer = await call('create_mag', {
        mac: box.mac,
        username: box.username,
        password: box.password,
        max_connections: String(box.maxConnections),
        exp_date: unixSeconds(box.expiresAt),
        is_trial: '0',
        ...(options.bouquets?.length ? { bouquets_selected: options.bouquets } : {}),
      });
      const magId = idIn(answer, 'id', 'mag_id');
      if (!magId) throw new Error('Xtream panel created a set-top box but gave no id');
      return { magId, lineId: idIn(answer, 'user_id', 'line_id') };
    },

    async extendLine(lineId: string, expiresAt: Date, { enable = true } = {}) {
      await call('edit_line', { id: lineId, exp_date: unixSeconds(expiresAt) });
      if (enable) await call('enable_line', { id: lineId });
    },

    async disableLine(lineId: string) {
      await call('disable_line', { id: lineId });
    },

    async deviceStatus(device: PanelDevice): Promise<LineStatus> {
      const id = lineOf(device);
      const [line, live] = await Promise.all([
        call('get_line', { id }, statusTimeoutMs),
        call('live_connections', { user_id: id }, statusTimeoutMs),
      ]);
      const state = (line.data ?? {}) as PanelLine;
      const listed: unknown[] = Array.isArray(live.data) ? live.data : [];
      const connections = listed.filter((connection): connection is { user_id?: string | number; user_ip?: unknown } => typeof connection === 'object' && connection !== null).filter(
        (connection) => connection.user_id === undefined || String(connection.user_id) === id,
      );
      const streams = Array.isArray(live.data) ? connections.length : count(state.active_connections);
      // Xtream's live connections name the address each stream plays from (decision 0100's evidence).
      const addresses = [...new Set(connections.map((connection) => connection.user_ip).filter((ip): ip is string => typeof ip === 'string' && ip !== ''))];
      return {
        enabled: flag(state.enabled),
        activeConnections: streams,
        maxConnections: count(state.max_connections),
        lastSeenAt: unixDate(state.last_activity),
        addresses,
      };
    },

    async changePassword(device: PanelDevice, password: string) {
      await call('edit_line', { id: lineOf(device), password });
    },

    async clearIspLock(device: PanelDevice) {
      await call('edit_line', { id: lineOf(device), isp_clear: '1' });
    },

    async setEnabled(device: PanelDevice, enabled: boolean) {
      if (device.magId) await call(enabled ? 'enable_mag' : 'disable_mag', { id: device.magId });
      else await call(enabled ? 'enable_line' : 'disable_line', { id: lineOf(device) });
    },

    async changeMac(device: PanelDevice, mac: string) {
      await call('edit_mag', { id: magOf(device), mac });
    },

    async removeLine(device: PanelDevice) {
      await call('delete_line', { id: lineOf(device) });
    },

    async checkHealth() {
      try {
        const answer = await call('user_info', {}, healthTimeoutMs);
        return { credits: creditsOf(answer.data) };
      } catch (error) {
        // A panel without the action still answered the key: it works, and says nothing of credits.
        if (error instanceof PanelRefusedError && error.status === 'STATUS_INVALID_ACTION') return { credits: null };
        throw error;
      }
    },
  };
}
