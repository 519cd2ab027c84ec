/**
 * The addresses a device is set up with, from the server address all devices share (pure):
 * the XMLTV guide beside a line's M3U playlist, and the portal a set-top box signs into.
 */

const withoutTrailingSlash = (server: string) => server.replace(/\/+$/, '');

/** `{server}/xmltv.php?username=...&password=...`: the TV guide of a line. */
export function xmltvUrl(server: string, username: string, password: string): string {
  return `${withoutTrailingSlash(server)}/xmltv.php?${new URLSearchParams({ username, password }).toString()}`;
}

/** `{server}/c/`: the Stalker portal address a MAG / Enigma2 box is given; the box signs in by its MAC. */
export function portalUrl(server: string): string {
  return `${withoutTrailingSlash(server)}/c/`;
}
