import { getHeapStatistics } from 'node:v8';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShedReason } from '#server/lib/metrics/store-metrics';

/** A shed request's Retry-After: the load is measured every second, so a few seconds later it is known again. */
export const SHED_RETRY_AFTER_SECONDS = 10;
export const SHED_MESSAGE = 'The store is busy. Please try again in a few seconds.';

/**
 * The loop's delay is measured every second from when the app is built, so the first
 * measures after start include the start itself (the job queue's set-up, the listening
 * socket), which holds the loop by design: an instance that just became ready would shed its
 * first requests. The delay counts from three measures after it is ready.
 */
const WARM_UP_MS = 3000;

/** Without SHED_HEAP_USED_MB, shedding starts at this share of V8's heap limit, before the process would die of it. */
const DEFAULT_HEAP_SHARE = 0.9;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'never': the route answers however loaded the process is (the health checks, /metrics: decision 0091). */
    loadShedding?: 'never';
  }
}

export interface SheddingLimits {
  /** The event loop's mean delay over a second, in milliseconds, past which requests are shed; 0: never. */
  eventLoopDelayMs: number;
  /** The JavaScript heap in use, in bytes, past which requests are shed; 0: never. */
  heapUsedBytes: number;
}

/** The limits of SHED_EVENT_LOOP_DELAY_MS and SHED_HEAP_USED_MB (absent: 90 % of the heap limit). */
export function sheddingLimits(config: { SHED_EVENT_LOOP_DELAY_MS: number; SHED_HEAP_USED_MB?: number | undefined }): SheddingLimits {
  const heapUsedBytes = config.SHED_HEAP_USED_MB === undefined ? Math.floor(getHeapStatistics().heap_size_limit * DEFAULT_HEAP_SHARE) : config.SHED_HEAP_USED_MB * 1024 * 1024;
  return { eventLoopDelayMs: config.SHED_EVENT_LOOP_DELAY_MS, heapUsedBytes };
}

const REASONS: Record<string, ShedReason> = { eventLoopDelay: 'event_loop_delay', heapUsedBytes: 'heap_used' };

/**
 * Load shedding (decision 0091, @fastify/under-pressure): while the event loop lags or the
 * heap is fuller than the limits, a request is answered 503 with Retry-After at once, before
 * any work, so the requests already in hand can finish instead of every request timing out.
 * On the root, before every route: the package list and the whole site are shed, but a route
 * whose config says `loadShedding: 'never'` (the health checks, /metrics) still answers, so
 * that a busy instance is not taken for a dead one and its metrics show why.
 */
export async function installLoadShedding(app: FastifyInstance, limits: SheddingLimits, onShed: (reason: ShedReason) => void): Promise<void> {
  let delayCountsFrom = Infinity;
  app.addHook('onReady', async () => {
    delayCountsFrom = performance.now() + WARM_UP_MS;
  });
  /** Called only while a limit is passed: undefined lets the request through, a value is sent as its answer. */
  function shedUnlessNever(request: FastifyRequest, reply: FastifyReply, type: string): { message: string } | undefined {
    if (request.routeOptions.config.loadShedding === 'never') return undefined;
    if (type === 'eventLoopDelay' && performance.now() < delayCountsFrom) return undefined;
    onShed(REASONS[type] ?? 'event_loop_delay');
    void reply.code(503).header('retry-after', String(SHED_RETRY_AFTER_SECONDS));
    return { message: SHED_MESSAGE };
  }
  await app.register(underPressure, {
    maxEventLoopDelay: limits.eventLoopDelayMs,
    maxHeapUsedBytes: limits.heapUsedBytes,
    // The plugin sends a value the handler returns, without running the route (its README);
    // its types say void. Sending from the handler instead would let the route run too
    // whenever an onSend hook made the answer end later.
    pressureHandler: shedUnlessNever as FastifyUnderPressureOptions['pressureHandler'],
  });
}
