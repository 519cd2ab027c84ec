import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

/** The access log's lines, as an operator's log collector would read them. */
const lines: Array<Record<string, unknown>> = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
const answered = () => lines.filter((line) => line.msg === 'request answered');

describe('the access log (decision 0022)', () => {
  const t = useTestApp({}, { logger });
  beforeEach(() => {
    lines.length = 0;
  });

  it('writes one line per answer of the site, with method, path without its query, status and time', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config?token=secret-reset-token' });
    expect(response.statusCode).toBe(200);
    expect(answered()).toHaveLength(1);
    const [line] = answered();
    expect(line).toMatchObject({ level: 30, method: 'GET', path: '/api/config', status: 200 });
    expect(typeof line!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-reset-token');
    // Fastify's own 'incoming request' and 'request completed' lines are replaced by this one.
    expect(lines.map((entry) => entry.msg)).toEqual(['request answered']);
  });

  it('logs a refused request, with its status', async () => {
    await t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: {} });
    expect(answered()).toMatchObject([{ method: 'POST', path: '/api/validate-coupon', status: 400 }]);
  });

  it('keeps the package list and the health probes out of the log while they succeed', async () => {
    for (const url of ['/api/packages', '/healthz', '/readyz']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(answered()).toEqual([]);
  });

  it('logs a failed health probe', async () => {
    t.app.shuttingDown = true;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      t.app.shuttingDown = false;
    }
    expect(answered()).toMatchObject([{ level: 40, path: '/readyz', status: 503 }]);
  });

  it("ties a request's lines together with the proxy's x-request-id, or an id of its own", async () => {
    await t.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': 'edge-42' } });
    await t.app.inject({ method: 'GET', url: '/api/config' });
    await t.app.inject({ method: 'GET', url: '/api/config' });
    const [given, first, second] = answered().map((line) => line.reqId as string);
    expect(given).toBe('edge-42');
    expect(first).toMatch(/^[\w-]+-\w+$/);
    expect(second).not.toBe(first);
  });
});
