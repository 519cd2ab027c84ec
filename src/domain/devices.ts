import { graceState } from './renewal-milestones';

/**
 * The addresses a device is set up with, from the server address all devices share (pure):
 * the XMLTV guide beside a line's M3U playlist, and the portal a set-top box signs into; and
 * whether its subscription lets it play at all.
 */

const withoutTrailingSlash = (server: string) => server.replace(/\/+$/, '');

/** `{server}/xmltv.php?username=...&password=...`: the TV guide of a line. */
export function xmltvUrl(server: string, username: string, password: string): string {
  return `${withoutTrailingSlash(server)}/xmltv.php?username=${formEncoded(username)}&password=${formEncoded(password)}`;
}

/** What URLSearchParams leaves as it is in a value: letters, digits and `*-._`. */
const FORM_SAFE = /^[A-Za-z0-9*\-._]*$/;

/**
 * A value as URLSearchParams writes it (application/x-www-form-urlencoded): the admin's
 * customers page draws a guide address for each of hundreds of lines, and a URLSearchParams
 * per line was a visible part of its CPU (decision 0053). encodeURIComponent also leaves
 * `!'()~` as they are and writes a space as %20, where the form encoding escapes them and
 * writes '+'.
 */
function formEncoded(value: string): string {
  if (FORM_SAFE.test(value)) return value;
  try {
    return encodeURIComponent(value)
      .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%20/g, '+');
  } catch {
    // A lone surrogate, which encodeURIComponent refuses and URLSearchParams writes as U+FFFD.
    return new URLSearchParams({ value }).toString().slice('value='.length);
  }
}

/** `{server}/c/`: the Stalker portal address a MAG / Enigma2 box is given; the box signs in by its MAC. */
export function portalUrl(server: string): string {
  return `${withoutTrailingSlash(server)}/c/`;
}

/**
 * Whether a subscription's devices play: not once it ended (a refund cancelled it), nor once
 * it lapsed past its grace or the renewal pass suspended it; a lapsed paid subscription plays
 * on through its grace (decision 0046), and one not yet lapsed (or a box waiting for its first
 * use) is not off. `graceDays` is 0 for the trial, which has none.
 */
export function devicesRun(subscription: { status: string; expirationDate: Date; graceSuspendedAt: Date | null }, graceDays: number, now: Date): boolean {
  if (subscription.status === 'cancelled') return false;
  if (subscription.status !== 'expired') return true;
  return graceState(subscription, graceDays, now).graceEndsAt !== null;
}
