let known: { zone: string | undefined } | undefined;

/**
 * The browser's IANA time zone, sent with a checkout and a sign-up so that the customer's
 * dates are written in it (decision 0074); undefined where the browser names none. Read once:
 * the first `Intl.DateTimeFormat()` of a page loads the zone data and cost checkout's first
 * render about 100 ms of CPU on this machine when a component asked it at every render.
 */
export function browserTimeZone(): string | undefined {
  known ??= { zone: zoneOfThisBrowser() };
  return known.zone;
}

function zoneOfThisBrowser(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
