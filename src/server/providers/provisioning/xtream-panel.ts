import { LineUsernameTakenError, type LineRequest, type ProvisioningProvider } from './provisioning-provider';

/** A panel call gives up after this long (decision 0016); the provisioning job is retried later. */
export const XTREAM_PANEL_TIMEOUT_MS = 15_000;

export interface XtreamPanelOptions {
  /** The panel's API address, for XUI.one `https://panel.example.com/<access code>/`. */
  url: string;
  apiKey: string;
  /** Bouquets (channel packages) every new line gets; none leaves the panel's default. */
  bouquets?: string[];
  /** XTREAM_PANEL_TIMEOUT_MS unless given (tests wait less). */
  timeoutMs?: number;
}

interface PanelAnswer {
  status?: string;
  error?: string;
  /** `{ id }` or `{ line_id }` on a created line; anything else on other calls. */
  data?: unknown;
}

/**
 * A reseller panel in the style of XUI.one's admin API (the successor of Xtream-UI):
 * `{url}?api_key=..&action=create_line|edit_line|enable_line|disable_line` with the
 * fields posted as a form, answered by `{ status: 'STATUS_SUCCESS', data }`. The key
 * stays out of error messages and logs.
 */
export function createXtreamPanelProvisioning(options: XtreamPanelOptions): ProvisioningProvider {
  const timeoutMs = options.timeoutMs ?? XTREAM_PANEL_TIMEOUT_MS;

  async function call(action: string, fields: Record<string, string | string[]>): Promise<PanelAnswer> {
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
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new Error(`Xtream panel unreachable for ${action}: ${(error as Error).message}`);
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
    if (answer.status !== 'STATUS_SUCCESS') {
      throw new Error(`Xtream panel refused ${action}: ${answer.status ?? 'no status'}${answer.error ? ` (${answer.error})` : ''}`);
    }
    return answer;
  }

  const unixSeconds = (date: Date) => String(Math.floor(date.getTime() / 1000));

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
      const data = (answer.data ?? {}) as { id?: string | number; line_id?: string | number };
      const lineId = data.id ?? data.line_id;
      if (lineId === undefined || lineId === null || lineId === '') throw new Error('Xtream panel created a line but gave no id');
      return { lineId: String(lineId) };
    },

    async extendLine(lineId: string, expiresAt: Date) {
      await call('edit_line', { id: lineId, exp_date: unixSeconds(expiresAt) });
      await call('enable_line', { id: lineId });
    },

    async disableLine(lineId: string) {
      await call('disable_line', { id: lineId });
    },
  };
}
