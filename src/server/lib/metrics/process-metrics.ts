import { collectDefaultMetrics, Registry, type Metric } from 'prom-client';

/** prom-client's default metrics of this process, collected once and shared (see shareProcessMetrics). */
let processMetrics: Metric[] | null = null;

function collectProcessMetrics(): Metric[] {
  const own = new Registry();
  collectDefaultMetrics({ register: own });
  return own.getMetricsAsArray().map(({ name }) => own.getSingleMetric(name)!);
}

/**
 * Adds prom-client's default metrics (CPU, memory, heap, event-loop lag, garbage
 * collection, handles, Node's version) to an app's registry. They describe the process, not
 * the app, and their collectors start an event-loop monitor and a GC observer that nothing
 * can stop: so they are made once per process and every app's registry shows the same ones,
 * where one set per app would pile up in a process that builds many (the tests; decision 0091).
 */
export function shareProcessMetrics(registry: Registry): void {
  processMetrics ??= collectProcessMetrics();
  for (const metric of processMetrics) registry.registerMetric(metric);
}
