import { setImmediate as nextTurn } from 'node:timers/promises';
import type { InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { SHED_MESSAGE } from '../../src/server/http/load-shedding';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * Starves the event loop as a flood of CPU-bound work would: runs busy for `chunkMs` at a
 * time, letting the loop turn once between chunks, for `totalMs`. The load plugin measures
 * the loop's delay on its own timers, which run only in those turns.
 */
async function starveTheLoop(totalMs: number, chunkMs: number): Promise<void> {
  const end = performance.now() + totalMs;
  while (performance.now() < end) {
    const chunkEnd = performance.now() + chunkMs;
    while (performance.now() < chunkEnd) {
      // Busy on purpose.
    }
    await nextTurn();
  }
}

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

/** store_requests_shed_total of a reason in a scrape. */
const shedCount = (metrics: string, reason: string) => Number(new RegExp(`^store_requests_shed_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(metrics)?.[1]);

async function expectShed(t: TestApp, request: InjectOptions) {
  const response = await t.app.inject(request);
  expect(response.statusCode, JSON.stringify(request)).toBe(503);
  expect(response.headers['retry-after']).toBe('10');
  expect(response.json()).toEqual({ message: SHED_MESSAGE });
}

async function expectNeverShed(t: TestApp) {
  expect((await get(t, '/healthz')).json()).toEqual({ status: 'ok' });
  expect((await get(t, '/readyz')).json()).toEqual({ status: 'ready' });
  expect((await get(t, '/metrics')).statusCode).toBe(200);
}

describe('load shedding on a starved event loop', () => {
  const t = useTestApp({ SHED_EVENT_LOOP_DELAY_MS: '100' });

  it('answers 503 with Retry-After to the package list and the site, never to the health checks, and recovers', async () => {
    // Whatever the loop did while the app was built is measured away first.
    await vi.waitFor(async () => expect((await get(t, '/api/packages')).statusCode).toBe(200), { timeout: 15_000, interval: 200 });
    const shedBefore = shedCount((await get(t, '/metrics')).body, 'event_loop_delay');

    // Chunks of 300 ms for 3 s: the loop's mean delay over each second is far past 100 ms.
    await starveTheLoop(3000, 300);
    // Sent together, within the second before the next measure.
    await Promise.all([
      expectShed(t, { method: 'GET', url: '/api/packages' }),
      expectShed(t, { method: 'GET', url: '/api/auth/me' }),
      expectShed(t, { method: 'POST', url: '/api/checkout', payload: {} }),
      expectShed(t, { method: 'GET', url: '/api/no-such-route' }),
      expectNeverShed(t),
    ]);
    const metrics = (await get(t, '/metrics')).body;
    expect(shedCount(metrics, 'event_loop_delay') - shedBefore).toBe(4);
    expect(metrics).toMatch(/^http_request_duration_seconds_count\{route="\/api\/packages",method="GET",status="503"\} [1-9]\d*$/m);

    // Left alone, the loop's delay falls under the limit at the next measure, within a second or two.
    await vi.waitFor(async () => expect((await get(t, '/api/packages')).statusCode).toBe(200), { timeout: 15_000, interval: 200 });
    await expectNeverShed(t);
  });
});

describe('load shedding past the heap limit', () => {
  // 1 MB: always passed, so every request but the health checks and /metrics is shed once the heap is measured.
  const t = useTestApp({ SHED_HEAP_USED_MB: '1', SHED_EVENT_LOOP_DELAY_MS: '0' });

  it('sheds every request but the health checks and /metrics', async () => {
    await vi.waitFor(async () => expect((await get(t, '/api/packages')).statusCode).toBe(503), { timeout: 15_000, interval: 200 });
    await expectShed(t, { method: 'GET', url: '/api/packages' });
    await expectShed(t, { method: 'POST', url: '/api/login', payload: { email: 'a@example.com', password: 'x' } });
    await expectNeverShed(t);
    expect((await get(t, '/metrics')).body).toMatch(/^store_requests_shed_total\{reason="heap_used"\} [1-9]\d*$/m);
    expect((await get(t, '/metrics')).body).toContain('store_requests_shed_total{reason="event_loop_delay"} 0');
  });
});
