import type { ServerResponse } from 'node:http';

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
