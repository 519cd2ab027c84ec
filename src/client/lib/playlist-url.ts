const base = (server: string) => server.replace(/\/+$/, '');

/** The M3U playlist of one device, as IPTV apps take it. */
export function playlistUrl(server: string, username: string, password: string): string {
  const query = new URLSearchParams({ username, password, type: 'm3u_plus', output: 'ts' });
  return `${base(server)}/get.php?${query.toString()}`;
}

/** The XMLTV TV guide of one device, in the panel's xmltv.php form. */
export function guideUrl(server: string, username: string, password: string): string {
  const query = new URLSearchParams({ username, password });
  return `${base(server)}/xmltv.php?${query.toString()}`;
}
