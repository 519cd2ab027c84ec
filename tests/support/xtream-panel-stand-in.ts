import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { outageSwitch, type Outage } from './outage';
import { standInServer } from './stand-in-server';

export interface StandInLine {
  id: string;
  username: string;
  password: string;
  maxConnections: number;
  /** Unix seconds, as the panel keeps it. */
  expDate: number;
  enabled: boolean;
  bouquets: string[];
  /** Streams playing now, as a test sets them (playOn). */
  activeConnections: number;
  /** Unix seconds of the last play, or null. */
  lastActivity: number | null;
  /** How often its ISP lock was cleared (edit_line isp_clear). */
  ispClears: number;
}

export interface StandInBox {
  id: string;
  mac: string;
  /** The line under the box. */
  lineId: string;
  enabled: boolean;
}

export interface PanelRequest {
  action: string;
  fields: Record<string, string | string[]>;
  /** The URL's query: the API's own parameters, and any a test adds to tell its callers apart. */
  query: Record<string, string>;
}

const ACCESS_CODE = 'cSbuFLhp';

/**
 * A local stand-in of an XUI.one panel's reseller API on a real HTTP server:
 * `POST /<access code>/?api_key=..&action=create_line|edit_line|enable_line|disable_line|
 * delete_line|get_line|live_connections|create_mag|edit_mag|enable_mag|disable_mag|user_info` with form fields,
 * answering `{ status: 'STATUS_SUCCESS', data }` or a STATUS_* error; with state (the reseller's
 * credits too: setCredits), and able to refuse (refuseNext), be down (goDown) and be slow (slowDown).
 */
export async function startXtreamPanelStandIn({ apiKey, createDelayMs = 0 }: { apiKey: string; /** A slow panel: create_line answers this late. */ createDelayMs?: number }) {
  const lines = new Map<string, StandInLine>();
  const boxes = new Map<string, StandInBox>();
  /** Actions answered late (a slow panel) and refused once with a STATUS_* (a panel saying no). */
  const delays = new Map<string, number>();
  const refusals = new Map<string, string>();
  const requests: PanelRequest[] = [];
  let nextId = 1000;
  /** The reseller's credits, as user_info gives them; null leaves them out of the answer (a panel that does not say). */
  let credits: number | string | null = null;
  let failures = 0;
  let failAfter = 0;
  const outage = outageSwitch({ status: 'STATUS_FAILURE', error: 'Internal Server Error' });

  const server = standInServer(answer);
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://panel');
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const fields: Record<string, string | string[]> = {};
    for (const key of new Set(form.keys())) fields[key] = key.endsWith('[]') ? form.getAll(key) : form.get(key)!;
    const action = url.searchParams.get('action') ?? '';

    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.method !== 'POST' || url.pathname !== `/${ACCESS_CODE}/`) return send(404, { status: 'STATUS_FAILURE', error: 'Not found' });
    if (url.searchParams.get('api_key') !== apiKey) return send(200, { status: 'STATUS_INVALID_KEY', error: 'Invalid API key' });
    requests.push({ action, fields, query: Object.fromEntries(url.searchParams) });
    if (action === 'create_line' && createDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, createDelayMs));
    const delay = delays.get(action);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (outage.intercept(res)) return;
    if (failures > 0 && failAfter-- <= 0) {
      failures -= 1;
      return send(503, { status: 'STATUS_FAILURE', error: 'Service unavailable' });
    }

    const refusal = refusals.get(action);
    if (refusal) {
      refusals.delete(action);
      return send(200, { status: refusal, error: `Refused ${action}` });
    }

    const line = typeof fields.id === 'string' ? lines.get(fields.id) : undefined;
    const box = typeof fields.id === 'string' ? boxes.get(fields.id) : undefined;
    const newLine = (username: string, password: string): StandInLine => {
      const id = String(nextId++);
      const made = {
        id,
        username,
        password,
        maxConnections: Number(fields.max_connections ?? 1),
        expDate: Number(fields.exp_date),
        enabled: true,
        bouquets: (fields['bouquets_selected[]'] as string[] | undefined) ?? [],
        activeConnections: 0,
        lastActivity: null,
        ispClears: 0,
      };
      lines.set(id, made);
      return made;
    };
    switch (action) {
      case 'create_line': {
        const username = String(fields.username ?? '');
        if (!username || !fields.password) return send(200, { status: 'STATUS_INVALID_INPUT', error: 'username and password are required' });
        if ([...lines.values()].some((known) => known.username === username)) return send(200, { status: 'STATUS_EXISTS_USERNAME' });
        const { id } = newLine(username, String(fields.password));
        return send(200, { status: 'STATUS_SUCCESS', data: { id, username, password: fields.password } });
      }
      case 'create_mag': {
        const mac = String(fields.mac ?? '');
        if (!/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(mac)) return send(200, { status: 'STATUS_INVALID_INPUT', error: 'mac is required' });
        if ([...boxes.values()].some((known) => known.mac === mac)) return send(200, { status: 'STATUS_EXISTS_MAC' });
        const under = newLine(String(fields.username ?? `mag${nextId}`), String(fields.password ?? `pw${nextId}`));
        const id = String(nextId++);
        boxes.set(id, { id, mac, lineId: under.id, enabled: true });
        return send(200, { status: 'STATUS_SUCCESS', data: { id, user_id: under.id, mac } });
      }
      case 'get_line':
        if (!line) return send(200, { status: 'STATUS_INVALID_LINE', error: 'Line not found' });
        return send(200, {
          status: 'STATUS_SUCCESS',
          data: {
            id: line.id,
            username: line.username,
            password: line.password,
            exp_date: String(line.expDate),
            enabled: line.enabled ? 1 : 0,
            max_connections: String(line.maxConnections),
            active_connections: line.activeConnections,
            last_activity: line.lastActivity,
          },
        });
      case 'live_connections': {
        const of = typeof fields.user_id === 'string' ? lines.get(fields.user_id) : undefined;
        const playing = of ? Array.from({ length: of.activeConnections }, (_, i) => ({ activity_id: `${of.id}-${i}`, user_id: Number(of.id), stream_id: 100 + i, user_ip: `203.0.113.${10 + i}` })) : [];
        return send(200, { status: 'STATUS_SUCCESS', data: playing });
      }
      case 'edit_line':
        if (!line) return send(200, { status: 'STATUS_INVALID_LINE', error: 'Line not found' });
        if (fields.exp_date) line.expDate = Number(fields.exp_date);
        if (typeof fields.password === 'string') line.password = fields.password;
        if (fields.isp_clear === '1') line.ispClears += 1;
        return send(200, { status: 'STATUS_SUCCESS', data: { message: 'Line updated successfully' } });
      case 'edit_mag': {
        if (!box) return send(200, { status: 'STATUS_INVALID_MAG', error: 'Device not found' });
        const mac = String(fields.mac ?? '');
        if ([...boxes.values()].some((known) => known.mac === mac && known.id !== box.id)) return send(200, { status: 'STATUS_EXISTS_MAC' });
        box.mac = mac;
        return send(200, { status: 'STATUS_SUCCESS', data: { message: 'Device updated successfully' } });
      }
      case 'enable_mag':
      case 'disable_mag':
        if (!box) return send(200, { status: 'STATUS_INVALID_MAG', error: 'Device not found' });
        box.enabled = action === 'enable_mag';
        return send(200, { status: 'STATUS_SUCCESS', data: {} });
      case 'delete_line':
        if (!line) return send(200, { status: 'STATUS_INVALID_LINE', error: 'Line not found' });
        lines.delete(line.id);
        return send(200, { status: 'STATUS_SUCCESS', data: { message: 'Line deleted successfully' } });
      case 'enable_line':
      case 'disable_line':
        if (!line) return send(200, { status: 'STATUS_INVALID_LINE', error: 'Line not found' });
        line.enabled = action === 'enable_line';
        return send(200, { status: 'STATUS_SUCCESS', data: {} });
      case 'user_info':
        // The reseller account the key belongs to; XUI.one sends its credits as text.
        return send(200, { status: 'STATUS_SUCCESS', data: { id: 1, username: 'reseller', member_group_id: 2, ...(credits === null ? {} : { credits }) } });
      default:
        return send(200, { status: 'STATUS_INVALID_ACTION', error: `Unknown action ${action}` });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/${ACCESS_CODE}/`,
    lines,
    boxes,
    requests,
    lineOf: (username: string) => [...lines.values()].find((line) => line.username === username),
    boxOf: (mac: string) => [...boxes.values()].find((box) => box.mac === mac),
    /** The line of `username` plays `streams` streams now, last seen at `lastActivity` (unix seconds). */
    playOn(username: string, streams: number, lastActivity = Math.floor(Date.now() / 1000)) {
      const line = [...lines.values()].find((known) => known.username === username);
      if (!line) throw new Error(`no line ${username}`);
      line.activeConnections = streams;
      line.lastActivity = lastActivity;
    },
    /** The reseller's credits user_info gives from now on (a number, or text as XUI.one sends it); null leaves them out. */
    setCredits(value: number | string | null) {
      credits = value;
    },
    /** `action` answers `ms` late from now on (a slow panel), until reset. */
    slowDown(action: string, ms: number) {
      delays.set(action, ms);
    },
    /** The next `action` is refused with `status` (STATUS_FAILURE, say), as a panel says no. */
    refuseNext(action: string, status = 'STATUS_FAILURE') {
      refusals.set(action, status);
    },
    /** `count` requests, after the next `after` ones, answer HTTP 503. */
    failNext(count: number, { after = 0 } = {}) {
      failures = count;
      failAfter = after;
    },
    /** Every request answers 500, or hangs, until `recover`. */
    goDown: (mode: Outage) => outage.begin(mode),
    recover: () => outage.end(),
    reset() {
      lines.clear();
      boxes.clear();
      delays.clear();
      refusals.clear();
      requests.length = 0;
      credits = null;
      failures = 0;
      failAfter = 0;
      outage.end();
    },
    close: () => {
      outage.end();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type XtreamPanelStandIn = Awaited<ReturnType<typeof startXtreamPanelStandIn>>;

/**
 * The panel stand-in for one test file: `env` goes to useTestApp (its URL is filled in
 * before the app is built), `panel` is the stand-in, emptied before every test.
 */
export function usePanelStandIn(apiKey = 'panel-key-0123456789') {
  const env: Record<string, string> = { XTREAM_PANEL_API_KEY: apiKey };
  let panel: XtreamPanelStandIn | undefined;
  beforeAll(async () => {
    panel = await startXtreamPanelStandIn({ apiKey });
    env.XTREAM_PANEL_URL = panel.url;
  });
  afterAll(() => panel?.close());
  beforeEach(() => panel?.reset());
  return {
    env,
    get panel(): XtreamPanelStandIn {
      if (!panel) throw new Error('the panel stand-in starts in beforeAll');
      return panel;
    },
  };
}
