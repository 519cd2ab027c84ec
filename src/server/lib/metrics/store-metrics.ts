import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { shareProcessMetrics } from './process-metrics';

/** What a payment did to an order: paid it (once per order), failed (each declined or lapsed payment), or held it for review. */
export type OrderResult = 'paid' | 'failed' | 'needs_review';
/** A panel call's end: answered yes, answered no (a username taken, a line unknown), or no answer (down, a timeout, an error page). */
export type PanelCallResult = 'ok' | 'refused' | 'failed';
/** Why a request was shed (decision 0091). */
export type ShedReason = 'event_loop_delay' | 'heap_used';

/** A node-postgres pool's counts, read at each scrape. */
interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface MetricSources {
  /** The PostgreSQL pool and its size; absent on PGlite, whose one in-process connection has no pool to show (decision 0091). */
  pool?: { counts: PoolCounts; max: number } | undefined;
  /** Jobs due and not yet taken, by queue, every queue included: read from the durable queue at each scrape. */
  jobsWaiting: () => Promise<ReadonlyMap<string, number>>;
  /** Told when a scrape could not read a source (the database down): the other metrics still answer. */
  onCollectError?: (metric: string, error: unknown) => void;
}

/** Panel calls take from milliseconds to the 15 s time limit (providers/provisioning). */
const PANEL_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30];

/**
 * Series that exist from the start at 0, so that an alert on their rate sees a store that
 * never sold since its start ("purchases stopped") rather than no series at all.
 */
const ORDER_SERIES_AT_START: Array<{ method: string; result: OrderResult }> = [
  { method: 'card', result: 'paid' },
  { method: 'crypto', result: 'paid' },
  { method: 'free', result: 'paid' },
  { method: 'card', result: 'failed' },
  { method: 'crypto', result: 'failed' },
];

/**
 * The store's metrics in Prometheus' format (decision 0091): one registry per app, so that
 * the apps of one process (the tests build many) count apart, and the named calls below
 * through which features and workflows count, never touching prom-client themselves.
 * Gauges of the job queue and the database pool are read when scraped.
 */
export function createStoreMetrics(sources: MetricSources) {
  const registry = new Registry();
  const registers = [registry];
  shareProcessMetrics(registry);

  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern (not-found-handler for pages and unknown paths), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const orders = new Counter({
    name: 'store_orders_total',
    help: 'Orders by payment method and what a payment did: paid (once per order), failed (each declined or lapsed payment), needs_review.',
    labelNames: ['method', 'result'] as const,
    registers,
  });
  const renewalCharges = new Counter({
    name: 'store_renewal_charges_total',
    help: 'Automatic renewal charges by outcome: succeeded, declined (tried again later), failed (no try left), requires_action, provider_unavailable, cancelled, skipped.',
    labelNames: ['result'] as const,
    registers,
  });
  const emails = new Counter({
    name: 'store_emails_total',
    help: 'Delivery attempts of emails by the mail job: sent (the SMTP server took it) or failed (retried later).',
    labelNames: ['result'] as const,
    registers,
  });
  const panelRequests = new Counter({
    name: 'store_panel_requests_total',
    help: "Calls to the provisioning panel by action (the provider's method) and result: ok, refused (the panel said no), failed (no answer).",
    labelNames: ['action', 'result'] as const,
    registers,
  });
  const panelSeconds = new Histogram({
    name: 'store_panel_request_duration_seconds',
    help: 'Time of a call to the provisioning panel, by action, whatever its result.',
    labelNames: ['action'] as const,
    buckets: PANEL_SECONDS_BUCKETS,
    registers,
  });
  const shed = new Counter({
    name: 'store_requests_shed_total',
    help: 'Requests answered 503 because the process was overloaded, by reason: event_loop_delay or heap_used.',
    labelNames: ['reason'] as const,
    registers,
  });
  // Read before the job queue's count, whose query would otherwise show as a query waiting for a connection.
  if (sources.pool) registerPoolGauges(registry, sources.pool);
  registry.registerMetric(
    new Gauge({
      name: 'store_jobs_waiting',
      help: 'Jobs due and not yet taken, by queue (the same on every instance: they share the queue).',
      labelNames: ['queue'] as const,
      registers: [],
      async collect() {
        try {
          const waiting = await sources.jobsWaiting();
          this.reset();
          for (const [queue, count] of waiting) this.set({ queue }, count);
        } catch (error) {
          this.reset();
          sources.onCollectError?.('store_jobs_waiting', error);
        }
      },
    }),
  );

  for (const labels of ORDER_SERIES_AT_START) orders.inc(labels, 0);
  for (const result of ['succeeded', 'declined', 'failed']) renewalCharges.inc({ result }, 0);
  for (const result of ['sent', 'failed']) emails.inc({ result }, 0);
  for (const reason of ['event_loop_delay', 'heap_used'] satisfies ShedReason[]) shed.inc({ reason }, 0);

  return {
    registry,
    /** An HTTP answer: the route's pattern (never the raw path, which would make a series per order id). */
    requestAnswered(route: string, method: string, status: number, seconds: number): void {
      requestSeconds.observe({ route, method, status: String(status) }, seconds);
    },
    orderFinished(method: string, result: OrderResult): void {
      orders.inc({ method, result });
    },
    renewalCharged(result: string): void {
      renewalCharges.inc({ result });
    },
    emailDelivered(result: 'sent' | 'failed'): void {
      emails.inc({ result });
    },
    panelCalled(action: string, result: PanelCallResult, seconds: number): void {
      panelRequests.inc({ action, result });
      panelSeconds.observe({ action }, seconds);
    },
    requestShed(reason: ShedReason): void {
      shed.inc({ reason });
    },
  };
}

export type StoreMetrics = ReturnType<typeof createStoreMetrics>;

/** node-postgres's own counts: open connections, idle ones, and queries waiting for one. */
function registerPoolGauges(registry: Registry, pool: { counts: PoolCounts; max: number }): void {
  const gauge = (name: string, help: string, read: () => number) =>
    registry.registerMetric(
      new Gauge({
        name,
        help,
        registers: [],
        collect() {
          this.set(read());
        },
      }),
    );
  gauge('store_db_pool_connections', 'Connections the PostgreSQL pool holds open, busy or idle.', () => pool.counts.totalCount);
  gauge('store_db_pool_idle_connections', 'Open connections of the pool that no query uses.', () => pool.counts.idleCount);
  gauge('store_db_pool_waiting_queries', 'Queries waiting for a connection: the pool is exhausted while this stays above 0.', () => pool.counts.waitingCount);
  gauge('store_db_pool_max_connections', 'The most connections the pool opens (DATABASE_POOL_SIZE).', () => pool.max);
}
