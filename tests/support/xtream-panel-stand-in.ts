import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { outageSwitch, type Outage } from './outage';

export interface StandInLine {
  id: string;
  username: string;
  password: string;
  maxConnections: number;
  /** Unix seconds, as the panel keeps it. */
  expDate: number;
  enabled: boolean;
  bouquets: string[];
}

export interface PanelRequest {
  action: string;
  fields: Record<string, string | string[]>;
  /** The URL's query: the API's own parameters, and any a test adds to tell its callers apart. */
  query: Record<string, string>;
}

const ACCESS_CODE = 'cSbuFLhp';

/**
 * A local stand-in of an XUI.one panel's admin API on a real HTTP server:
 * `POST /<access code>/?api_key=..&action=create_line|edit_line|enable_line|disable_line`
 * with form fields, answering `{ status: 'STATUS_SUCCESS', data }` or a STATUS_* error.
 */
export async function startXtreamPanelStandIn({ apiKey, createDelayMs = 0 }: { apiKey: string; /** A slow panel: create_line answers this late. */ createDelayMs?: number }) {
  const lines = new Map<string, StandInLine>();
  const requests: PanelRequest[] = [];
  let nextId = 1000;
  let failures = 0;
  let failAfter = 0;
  const outage = outageSwitch({ status: 'STATUS_FAILURE', error: 'Internal Server Error' });

  // A stand-in that fails answers 500 with why, so the store's handling of it shows in the test.
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
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
    if (outage.intercept(res)) return;
    if (failures > 0 && failAfter-- <= 0) {
      failures -= 1;
      return send(503, { status: 'STATUS_FAILURE', error: 'Service unavailable' });
    }

    const line = typeof fields.id === 'string' ? lines.get(fields.id) : undefined;
    switch (action) {
      case 'create_line': {
        const username = String(fields.username ?? '');
        if (!username || !fields.password) return send(200, { status: 'STATUS_INVALID_INPUT', error: 'username and password are required' });
        if ([...lines.values()].some((known) => known.username === username)) return send(200, { status: 'STATUS_EXISTS_USERNAME' });
        const id = String(nextId++);
        lines.set(id, {
          id,
          username,
          password: String(fields.password),
          maxConnections: Number(fields.max_connections ?? 1),
          expDate: Number(fields.exp_date),
          enabled: true,
          bouquets: (fields['bouquets_selected[]'] as string[] | undefined) ?? [],
        });
        return send(200, { status: 'STATUS_SUCCESS', data: { id, username, password: fields.password } });
      }
      case 'edit_line':
        if (!line) return send(200, { status: 'STATUS_INVALID_LINE', error: 'Line not found' });
        if (fields.exp_date) line.expDate = Number(fields.exp_date);
        return send(200, { status: 'STATUS_SUCCESS', data: { message: 'Line updated successfully' } });
      case 'enable_line':
      case 'disable_line':
        if (!line) return send(200, { status: 'STATUS_INVALID_LINE', error: 'Line not found' });
        line.enabled = action === 'enable_line';
        return send(200, { status: 'STATUS_SUCCESS', data: {} });
      default:
        return send(200, { status: 'STATUS_INVALID_ACTION', error: `Unknown action ${action}` });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/${ACCESS_CODE}/`,
    lines,
    requests,
    lineOf: (username: string) => [...lines.values()].find((line) => line.username === username),
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
      requests.length = 0;
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
