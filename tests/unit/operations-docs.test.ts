import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStoreMetrics } from '../../src/server/lib/metrics/store-metrics';

/**
 * The sample alert rules and the Grafana dashboard of docs/operations (decision 0091) name
 * only metrics the store exports: a metric renamed in the code fails here, not on an
 * owner's dashboard that silently shows nothing.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, 'docs', 'operations', file), 'utf8');

/** The store's metric names as a scrape shows them, the pool's included (PostgreSQL). */
async function exportedNames(): Promise<Set<string>> {
  const metrics = createStoreMetrics({
    pool: { counts: { totalCount: 2, idleCount: 1, waitingCount: 0 }, max: 10 },
    jobsWaiting: async () => new Map([['provision-order', 0]]),
  });
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    // A histogram is queried through its series (prom-client's types call the type an enum; it is the text).
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}

/** The store's and Node's metric names a text mentions (Prometheus' own, such as `up`, are not the store's). */
const namesIn = (text: string) => new Set(text.match(/\b(?:store|http|nodejs|process)_[a-z0-9_]+/g) ?? []);

interface DashboardPanel {
  title: string;
  datasource: { uid: string };
  targets: Array<{ expr: string }>;
}

describe('the operations docs', () => {
  it('alert on metrics the store exports', async () => {
    const exported = await exportedNames();
    const used = namesIn(read('alerts.yml'));
    expect([...used].sort()).toEqual(
      expect.arrayContaining(['store_emails_total', 'store_jobs_waiting', 'store_orders_total', 'store_panel_requests_total']),
    );
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('have a Grafana dashboard, valid JSON, whose every panel queries metrics the store exports', async () => {
    const exported = await exportedNames();
    const dashboard = JSON.parse(read('grafana-dashboard.json')) as { title: string; panels: DashboardPanel[] };
    expect(dashboard.title).toBe('StreamPlus storefront');
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      expect(panel.datasource.uid, panel.title).toBe('${datasource}');
      for (const { expr } of panel.targets) {
        const used = [...namesIn(expr)];
        expect(used.length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        expect(used.filter((name) => !exported.has(name)), `${panel.title}: ${expr}`).toEqual([]);
      }
    }
    const shown = new Set(dashboard.panels.flatMap((panel) => panel.targets.flatMap(({ expr }) => [...namesIn(expr)])));
    for (const name of ['http_request_duration_seconds_bucket', 'store_orders_total', 'store_renewal_charges_total', 'store_emails_total', 'store_jobs_waiting', 'store_panel_requests_total', 'store_panel_request_duration_seconds_bucket', 'store_db_pool_connections']) {
      expect([...shown], name).toContain(name);
    }
  });

  it('are linked from docs/operations.md', () => {
    const guide = readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8');
    for (const heading of ['## Metrics', '## Alerts', '## Load shedding']) expect(guide).toContain(`\n${heading}\n`);
    expect(guide).toContain('operations/alerts.yml');
    expect(guide).toContain('operations/grafana-dashboard.json');
  });
});
