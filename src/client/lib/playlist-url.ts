/** The M3U playlist of one device, as IPTV apps take it. */
export function playlistUrl(server: string, username: string, password: string): string {
  const query = new URLSearchParams({ username, password, type: 'm3u_plus', output: 'ts' });
  return `${server.replace(/\/+$/, '')}/get.php?${query.toString()}`;
}
