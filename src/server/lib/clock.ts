/**
 * The one source of the server's time. Production reads the system clock; tests pass a
 * clock they move forward day by day, so a subscription's whole life (reminders, charges,
 * grace, expiry) runs in a test without waiting. Code that decides by time takes `clock.now()`
 * and sends that instant to SQL as a parameter rather than asking the database for `now()`.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests and simulations. */
export function settableClock(start: Date | string = new Date()) {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(to: Date | string) {
      current = new Date(to).getTime();
    },
    advance(ms: number) {
      current += ms;
    },
  };
}
