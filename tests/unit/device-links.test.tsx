// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeviceCredential } from '../../src/contract/subscriptions';
import { customerDevices, DeviceCredentialList } from '../../src/client/features/devices';
import { setupGuides } from '../../src/client/features/devices/setup-guides';
import { json, serve, useAdminUi as setUpAdminUi } from '../support/admin-ui';

const device: DeviceCredential = {
  id: 'd1',
  deviceName: 'Device 1',
  deviceNumber: 1,
  isActive: true,
  xtreamUsername: 'sp_user1',
  xtreamPassword: 'pass1',
  label: null,
  epgUrl: 'http://tv.example.com/xmltv.php?username=sp_user1&password=pass1',
  kind: 'line',
  mac: null,
  portalUrl: null,
  enabled: true,
};

function renderList(credentials: DeviceCredential[] = [device]) {
  serve({ 'GET /api/devices/d1/status': () => json(200, { available: false, online: null, activeConnections: null, maxConnections: 1, enabled: true, lastSeenAt: null, demo: false }) });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeviceCredentialList credentials={credentials} server="http://tv.example.com/" empty={<p>None yet</p>} scope={customerDevices} />
    </QueryClientProvider>,
  );
  return { user };
}

// Not a React hook, whatever its name: it registers this file's vitest hooks (a fetch stub per test).
setUpAdminUi();

describe('the links and logins of a device', () => {
  it("groups the Xtream Codes login (username, password, server) with a Copy button for each", async () => {
    const { user } = renderList();
    const login = screen.getByRole('group', { name: 'Xtream Codes login' });
    const terms = within(login).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Username', 'Password', 'Server']);
    expect(within(login).getByText('sp_user1')).toBeTruthy();
    expect(within(login).getByText('pass1')).toBeTruthy();
    expect(within(login).getByText('http://tv.example.com/')).toBeTruthy();
    await user.click(within(login).getByRole('button', { name: 'Copy server' }));
    expect(await navigator.clipboard.readText()).toBe('http://tv.example.com/');
    await user.click(within(login).getByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe('pass1');
  });

  it('puts the XMLTV guide URL beside the M3U playlist URL, each with Copy and a QR code', async () => {
    const { user } = renderList();
    expect(screen.getByText('http://tv.example.com/get.php?username=sp_user1&password=pass1&type=m3u_plus&output=ts')).toBeTruthy();
    // The guide link is the server's (deviceCredentials[].epgUrl), beside the M3U link built from the same login.
    expect(screen.getByText('http://tv.example.com/xmltv.php?username=sp_user1&password=pass1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy TV guide URL' }));
    expect(await navigator.clipboard.readText()).toBe('http://tv.example.com/xmltv.php?username=sp_user1&password=pass1');

    await user.click(screen.getByRole('button', { name: 'Show TV guide QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Device 1 TV guide' });
    expect(within(dialog).getByText('Scan this code with a TV app that accepts an XMLTV guide URL.')).toBeTruthy();
    const image = await within(dialog).findByRole('img', { name: 'QR code of the TV guide URL for Device 1' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Show playlist QR code' }));
    expect(await screen.findByRole('img', { name: 'QR code of the playlist URL for Device 1' })).toBeTruthy();
  });

  it("opens each device's setup guide: TiviMate, IPTV Smarters, VLC and Kodi, each a numbered list", async () => {
    const { user } = renderList([device, { ...device, id: 'd2', deviceName: 'Device 2', deviceNumber: 2, xtreamUsername: 'sp_user2', label: 'Bedroom TV' }]);
    expect(screen.getAllByRole('button', { name: 'Setup guide' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Setup guide' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Set up Bedroom TV' });
    const apps = within(dialog).getByRole('group', { name: 'Apps' });
    expect(within(apps).getAllByRole('button').map((button) => button.textContent)).toEqual(['TiviMate', 'IPTV Smarters', 'VLC', 'Kodi']);

    const guide = () => within(dialog).getByTestId('setup-guide');
    expect(within(guide()).getByRole('heading').textContent).toBe('TiviMate');
    expect(within(apps).getByRole('button', { name: 'TiviMate' }).getAttribute('aria-pressed')).toBe('true');
    const steps = within(guide()).getAllByRole('listitem');
    expect(guide().querySelector('ol')).toBeTruthy();
    expect(steps[2]!.textContent).toBe('Enter the server address http://tv.example.com/, your username sp_user2 and your password, then choose Next.');

    for (const [app, step] of [
      ['IPTV Smarters', 'Open it and choose Login with Xtream Codes API.'],
      ['VLC', 'In VLC choose Media, then Open Network Stream (on a phone: Browsing, then Stream).'],
      ['Kodi', "Under EPG set Location to Remote path and paste this device's XMLTV guide URL."],
    ] as const) {
      await user.click(within(apps).getByRole('button', { name: app }));
      expect(within(guide()).getByRole('heading').textContent).toBe(app);
      expect(within(guide()).getAllByRole('listitem').map((item) => item.textContent)).toContain(step);
    }
  });
});

describe('setup guides', () => {
  it("gives a set-top box its own steps with the portal address, and no app's", () => {
    const guides = setupGuides({ server: 'http://tv.example.com', username: 'mag_1', portalUrl: 'http://tv.example.com/c/' });
    expect(guides.map((guide) => guide.title)).toEqual(['MAG / Enigma2 box']);
    expect(guides[0]!.steps).toContain('Enter the portal address http://tv.example.com/c/ as Portal 1 URL, save, and restart the box.');
  });
});
