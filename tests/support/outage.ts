import type { ServerResponse } from 'node:http';
import type { TestApp } from './test-app';

/** How a provider's stand-in plays an outage: HTTP 500 to every request, or no answer at all. */
export type Outage = 'error' | 'hang';

/**
 * The outage mode of an HTTP stand-in. While it lasts, `intercept` answers each request
 * with 500 and the provider's error body, or holds it open unanswered (the caller's timeout
 * must end it); `end` lets requests through again and drops the held ones.
 */
export function outageSwitch(errorBody: unknown) {
  let outage: Outage | null = null;
  const held = new Set<ServerResponse>();
  const dropHeld = () => {
    for (const res of held) res.destroy();
    held.clear();
  };
  return {
    begin(mode: Outage): void {
      outage = mode;
    },
    end(): void {
      outage = null;
      dropHeld();
    },
    /** True when the request was taken by the outage. */
    intercept(res: ServerResponse): boolean {
      if (outage === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify(errorBody));
        return true;
      }
      if (outage === 'hang') {
        held.add(res);
        res.on('close', () => held.delete(res));
        return true;
      }
      return false;
    },
  };
}

/** A stand-in that can go down. */
export interface Downable {
  goDown(mode: Outage): void;
  recover(): void;
}

/** Runs the jobs that are due while the provider is down, then brings it back. */
export async function drainDuringOutage(t: TestApp, provider: Downable, outage: Outage): Promise<void> {
  provider.goDown(outage);
  try {
    await t.services.jobs.drain();
  } finally {
    provider.recover();
  }
}

/** The queue's jobs about an order, by name, with their state ('retry' after a failure, 'completed'). */
export async function orderJobStates(t: TestApp, orderId: string) {
  const { rows } = await t.database.executeSql(`select name, state from pgboss.job where data->>'orderId' = $1 order by name`, [orderId]);
  return rows;
}
