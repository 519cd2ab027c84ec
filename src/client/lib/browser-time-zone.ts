/**
 * The browser's IANA time zone, sent with a checkout and a sign-up so that the customer's
 * dates are written in it (decision 0074); undefined where the browser names none.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
