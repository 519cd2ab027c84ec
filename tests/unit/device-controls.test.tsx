// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeviceStatus } from '../../src/contract/devices';
import type { DeviceCredential } from '../../src/contract/subscriptions';
import { customerDevices, DeviceCredentialList, type DeviceLock } from '../../src/client/features/devices';
import { bodyOf, calls, fetchMock, json, serve, toastText, ToastProbe, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

const line: DeviceCredential = {
  id: 'd1',
  deviceName: 'Device 1',
  deviceNumber: 1,
  isActive: true,
  xtreamUsername: 'sp_user1',
  xtreamPassword: 'old-pass',
  label: null,
  epgUrl: 'http://tv.example.com/xmltv.php?username=sp_user1&password=old-pass',
  kind: 'line',
  mac: null,
  portalUrl: null,
  enabled: true,
};
const box: DeviceCredential = {
  ...line,
  id: 'd2',
  deviceName: 'Device 2',
  deviceNumber: 2,
  xtreamUsername: 'mag_00_1a_79',
  xtreamPassword: 'unused',
  kind: 'mag',
  mac: '00:1A:79:12:34:56',
  portalUrl: 'http://tv.example.com/c/',
};

const status = (overrides: Partial<DeviceStatus> = {}): DeviceStatus => ({
  available: true,
  online: false,
  activeConnections: 0,
  maxConnections: 2,
  enabled: true,
  lastSeenAt: null,
  demo: false,
  ...overrides,
});

function renderDevices(credentials: DeviceCredential[], handlers: Record<string, Handler>, lock: DeviceLock | null = null) {
  serve(handlers);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })}>
      <DeviceCredentialList credentials={credentials} server="http://tv.example.com" empty={<p>None yet</p>} scope={customerDevices} lock={lock} />
      <ToastProbe />
    </QueryClientProvider>,
  );
  return { user };
}

const stateOf = () => screen.getAllByTestId('device-state')[0]!;
const actions = (name = 'Device 1') => screen.getByRole('group', { name: `Actions for ${name}` });

// Not a React hook, whatever its name: it registers this file's vitest hooks (a fetch stub per test).
setUpAdminUi();

describe("a device's live state", () => {
  it('says it is checking, then online now with the streams playing against the limit, and enabled', async () => {
    let answer!: (response: Response) => void;
    renderDevices([line], { 'GET /api/devices/d1/status': () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(within(stateOf()).getByText('Checking live status...')).toBeTruthy();
    answer(json(200, status({ online: true, activeConnections: 1, maxConnections: 2, lastSeenAt: new Date().toISOString() })));
    expect(await screen.findByText('Online now, 1 of 2 streams playing')).toBeTruthy();
    expect(within(stateOf()).getByTestId('device-enabled').textContent).toBe('Enabled');
    expect(within(stateOf()).queryByText('Demo panel')).toBeNull();
  });

  it('says when an offline device was last seen, and marks what the demo panel knows', async () => {
    renderDevices([line], { 'GET /api/devices/d1/status': () => json(200, status({ lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(), demo: true })) });
    expect(await screen.findByText('Offline, last seen 5 minutes ago')).toBeTruthy();
    expect(within(stateOf()).getByText('Demo panel')).toBeTruthy();
  });

  it("says 'Live status unavailable' when the panel did not answer, or the call failed, and keeps the credentials on screen", async () => {
    renderDevices([line], { 'GET /api/devices/d1/status': () => json(200, status({ available: false, online: null, activeConnections: null, enabled: false })) });
    expect(await screen.findByText('Live status unavailable')).toBeTruthy();
    // The store's last word on on/off stands when the panel is silent.
    expect(within(stateOf()).getByTestId('device-enabled').textContent).toBe('Disabled');
    expect(within(actions()).getByRole('button', { name: 'Turn on' })).toBeTruthy();
    expect(screen.getByText('old-pass')).toBeTruthy();
  });

  it("says 'Live status unavailable' when the status call fails outright", async () => {
    renderDevices([line], {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await screen.findByText('Live status unavailable')).toBeTruthy();
    expect(screen.getByText('sp_user1')).toBeTruthy();
    expect(within(stateOf()).getByTestId('device-enabled').textContent).toBe('Enabled');
  });
});

describe('a device of a subscription that does not run', () => {
  it("shows Off in grey instead of Active and Enabled, its actions disabled, and says why", async () => {
    const reason = 'Off: this subscription is suspended until it is renewed.';
    renderDevices([{ ...line, isActive: false }, { ...box, isActive: false }], { 'GET /api/devices/d1/status': () => json(200, status()), 'GET /api/devices/d2/status': () => json(200, status()) }, { off: true, reason });
    await screen.findAllByText('Offline, not seen yet');
    for (const [index, card] of screen.getAllByTestId('device-credential').entries()) {
      expect(within(card).getByTestId('device-coverage').textContent).toBe('Off');
      expect(within(card).getByTestId('device-coverage').className).not.toContain('success');
      expect(within(card).getByTestId('device-enabled').textContent).toBe('Off');
      expect(within(card).getByTestId('device-lock').textContent).toBe(reason);
      const group = within(card).getByRole('group', { name: `Actions for Device ${index + 1}` });
      expect(group.getAttribute('aria-describedby')).toBe(within(card).getByTestId('device-lock').id);
      const changes = within(group).getAllByRole('button').filter((button) => button.textContent !== 'Setup guide');
      expect(changes.map((button) => [button.textContent, (button as HTMLButtonElement).disabled])).toEqual(
        (index === 0 ? ['Rename', 'New password', 'Reset ISP lock', 'Turn off', 'Use a set-top box instead'] : ['Rename', 'Change MAC', 'Reset ISP lock', 'Turn off']).map((name) => [name, true]),
      );
    }
    // The logins stay readable and copyable: a renewal turns the same ones on again.
    expect(screen.getByText('old-pass')).toBeTruthy();
  });

  it('keeps a device in its grace period on, its changes disabled until a renewal', async () => {
    const reason = 'This subscription has expired. Renew it to manage its devices.';
    renderDevices([line], { 'GET /api/devices/d1/status': () => json(200, status()) }, { off: false, reason });
    await screen.findByText('Offline, not seen yet');
    expect(screen.getByTestId('device-coverage').textContent).toBe('Active');
    expect(within(stateOf()).getByTestId('device-enabled').textContent).toBe('Enabled');
    expect(screen.getByTestId('device-lock').textContent).toBe(reason);
    expect(within(actions()).getByRole<HTMLButtonElement>('button', { name: 'New password' }).disabled).toBe(true);
  });
});

describe("a device's links", () => {
  it('gives the XMLTV guide whole, as a link that opens in a new tab, with a Copy button', () => {
    renderDevices([line], { 'GET /api/devices/d1/status': () => json(200, status()) });
    const guide = screen.getByRole('link', { name: 'http://tv.example.com/xmltv.php?username=sp_user1&password=old-pass' });
    expect(guide.getAttribute('href')).toBe('http://tv.example.com/xmltv.php?username=sp_user1&password=old-pass');
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(guide.getAttribute('rel')).toBe('noopener noreferrer');
    expect(guide.className).toContain('break-all');
    expect(guide.className).not.toContain('truncate');
    expect(screen.getByRole('button', { name: 'Copy TV guide URL' })).toBeTruthy();
  });
});

describe("a device's actions, each confirmed in a dialog", () => {
  it('renames the device after checking the name with the shared rules (1-30 characters)', async () => {
    const { user } = renderDevices([line], {
      'GET /api/devices/d1/status': () => json(200, status()),
      'PATCH /api/devices/d1': () => json(200, { ...line, label: 'Living room TV' }),
    });
    await user.click(within(actions()).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename device' });
    const field = within(dialog).getByLabelText('Device name');
    // The rule is said under the field before anything is typed, and read with it.
    const rule = within(dialog).getByTestId('field-rule');
    expect(rule.textContent).toBe('1-30 characters: letters, digits, spaces, apostrophes, hyphens, dots, commas and quotes; no web address.');
    expect(field.getAttribute('aria-describedby')).toBe(rule.id);
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(within(dialog).getByText('Device name is required')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    await user.type(field, 'x'.repeat(31));
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(within(dialog).getByText('Device name must be at most 30 characters')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'www.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(within(dialog).getByText('Device name must not contain a web address')).toBeTruthy();
    expect(calls('PATCH', '/api/devices/d1')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '  Living room TV ');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('PATCH', '/api/devices/d1')).toEqual({ label: 'Living room TV' });
    expect(toastText()).toBe('Device Renamed|Device 1 is now called Living room TV.|default');
  });

  it('changes the password: shows the new one once with Copy, and the playlist link that carries it', async () => {
    let answer!: (response: Response) => void;
    const { user } = renderDevices([line], {
      'GET /api/devices/d1/status': () => json(200, status()),
      'POST /api/devices/d1/password': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(within(actions()).getByRole('button', { name: 'New password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Changing...' }).disabled).toBe(true);
    answer(json(200, { xtreamUsername: 'sp_user1', xtreamPassword: 'N3w-Str0ng-Pass' }));

    const shown = await screen.findByRole('dialog', { name: 'New password for Device 1' });
    expect(within(shown).getByText('N3w-Str0ng-Pass')).toBeTruthy();
    expect(within(shown).getByText('http://tv.example.com/get.php?username=sp_user1&password=N3w-Str0ng-Pass&type=m3u_plus&output=ts')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Show playlist QR code' })).toBeTruthy();
    expect(toastText()).toBe('Password Changed|The old password of Device 1 no longer works. Enter the new one in your apps.|default');
    await user.click(within(shown).getByRole('button', { name: 'Copy new password' }));
    expect(await navigator.clipboard.readText()).toBe('N3w-Str0ng-Pass');
    expect(calls('POST', '/api/devices/d1/password')).toHaveLength(1);

    // Shown once: closing the dialog leaves no copy of it behind.
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('N3w-Str0ng-Pass')).toBeNull();
  });

  it("shows the server's 429 message (when to try again) beside the button and in a toast, and keeps the dialog open", async () => {
    const limited = 'Too many ISP resets on this account. Please try again in 42 minutes.';
    const { user } = renderDevices([line], {
      'GET /api/devices/d1/status': () => json(200, status()),
      'POST /api/devices/d1/isp-reset': () => json(429, { message: limited }, { 'Retry-After': '2520' }),
    });
    await user.click(within(actions()).getByRole('button', { name: 'Reset ISP lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset ISP lock' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset ISP lock' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(limited);
    expect(toastText()).toBe(`ISP Reset Failed|${limited}|destructive`);
    expect(screen.getByRole('dialog', { name: 'Reset ISP lock' })).toBeTruthy();
  });

  it("resets the ISP lock once confirmed", async () => {
    const { user } = renderDevices([line], {
      'GET /api/devices/d1/status': () => json(200, status()),
      'POST /api/devices/d1/isp-reset': () => json(200, line),
    });
    await user.click(within(actions()).getByRole('button', { name: 'Reset ISP lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset ISP lock' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('POST', '/api/devices/d1/isp-reset')).toHaveLength(0);
    await user.click(within(actions()).getByRole('button', { name: 'Reset ISP lock' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset ISP lock' })).getByRole('button', { name: 'Reset ISP lock' }));
    await waitFor(() => expect(toastText()).toBe('ISP Lock Reset|Device 1 can now connect from its new internet connection.|default'));
    expect(calls('POST', '/api/devices/d1/isp-reset')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows a 409 refusal's reason, as an expired subscription's", async () => {
    const expired = 'This subscription has expired. Renew it to manage its devices.';
    const { user } = renderDevices([line], {
      'GET /api/devices/d1/status': () => json(200, status()),
      'POST /api/devices/d1/disable': () => json(409, { message: expired }),
    });
    await user.click(within(actions()).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off Device 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(expired);
    expect(toastText()).toBe(`Turn Off Failed|${expired}|destructive`);
  });

  it('turns the device off, reads its state again, and offers to turn it on', async () => {
    let enabled = true;
    const { user } = renderDevices([line], {
      'GET /api/devices/d1/status': () => json(200, status({ enabled })),
      'POST /api/devices/d1/disable': () => {
        enabled = false;
        return json(200, line);
      },
      'POST /api/devices/d1/enable': () => {
        enabled = true;
        return json(200, line);
      },
    });
    await screen.findByText('Offline, not seen yet');
    await user.click(within(actions()).getByRole('button', { name: 'Turn off' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Turn off Device 1?' })).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(within(stateOf()).getByTestId('device-enabled').textContent).toBe('Disabled'));
    expect(toastText()).toBe('Device Turned Off|Device 1 no longer plays until it is turned on again.|default');

    await user.click(within(actions()).getByRole('button', { name: 'Turn on' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Turn on Device 1?' })).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(within(stateOf()).getByTestId('device-enabled').textContent).toBe('Enabled'));
    expect(within(actions()).getByRole('button', { name: 'Turn off' })).toBeTruthy();
    expect(calls('GET', '/api/devices/d1/status').length).toBeGreaterThanOrEqual(3);
  });
});

describe('a set-top box', () => {
  it('shows its MAC and the portal address instead of a username and password, and a box setup guide', async () => {
    const { user } = renderDevices([box], { 'GET /api/devices/d2/status': () => json(200, status()) });
    const device = screen.getByTestId('device-credential');
    const login = within(device).getByRole('group', { name: 'MAG / Enigma2 box: enter the portal address on the box' });
    expect(within(login).getAllByRole('term').map((term) => term.textContent)).toEqual(['MAC address', 'Portal address']);
    expect(within(login).getByText('00:1A:79:12:34:56')).toBeTruthy();
    expect(within(login).getByText('http://tv.example.com/c/')).toBeTruthy();
    expect(within(device).queryByText('Username')).toBeNull();
    expect(within(device).queryByText('mag_00_1a_79')).toBeNull();
    expect(within(device).queryByText('M3U Playlist URL')).toBeNull();
    expect(within(actions('Device 2')).queryByRole('button', { name: 'New password' })).toBeNull();

    await user.click(within(device).getByRole('button', { name: 'Setup guide' }));
    const guide = await screen.findByRole('dialog', { name: 'Set up Device 2' });
    expect(within(guide).getByRole('heading', { name: 'MAG / Enigma2 box' })).toBeTruthy();
    expect(within(guide).getByText('Enter the portal address http://tv.example.com/c/ as Portal 1 URL, save, and restart the box.')).toBeTruthy();
  });

  it("changes its MAC after checking it with the contract (six hex pairs, a device's own), sent upper case with colons", async () => {
    const { user } = renderDevices([box], {
      'GET /api/devices/d2/status': () => json(200, status()),
      'PATCH /api/devices/d2': () => json(200, { ...box, mac: '00:1A:79:AB:CD:EF' }),
    });
    await user.click(within(actions('Device 2')).getByRole('button', { name: 'Change MAC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change MAC address' });
    const field = within(dialog).getByLabelText<HTMLInputElement>('MAC address');
    expect(field.value).toBe('00:1A:79:12:34:56');
    await user.clear(field);
    await user.type(field, '00:1A:79:12:34');
    await user.click(within(dialog).getByRole('button', { name: 'Change MAC' }));
    expect(within(dialog).getByText('MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56')).toBeTruthy();
    expect(calls('PATCH', '/api/devices/d2')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'FF:FF:FF:FF:FF:FF');
    await user.click(within(dialog).getByRole('button', { name: 'Change MAC' }));
    expect(within(dialog).getByText("This MAC address is not a real device's (all zeros, broadcast or multicast): check the sticker under the box")).toBeTruthy();
    expect(calls('PATCH', '/api/devices/d2')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '00-1a-79-ab-cd-ef');
    await user.click(within(dialog).getByRole('button', { name: 'Change MAC' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('PATCH', '/api/devices/d2')).toEqual({ mac: '00:1A:79:AB:CD:EF' });
    expect(toastText()).toBe('MAC Address Changed|The box 00:1A:79:AB:CD:EF can now sign in at the portal.|default');
  });

  it("shows the server's refusal of a MAC already on another subscription", async () => {
    const { user } = renderDevices([box], {
      'GET /api/devices/d2/status': () => json(200, status()),
      'PATCH /api/devices/d2': () => json(409, { message: 'This MAC address is already on an active subscription' }),
    });
    await user.click(within(actions('Device 2')).getByRole('button', { name: 'Change MAC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change MAC address' });
    await user.clear(within(dialog).getByLabelText('MAC address'));
    await user.type(within(dialog).getByLabelText('MAC address'), '00:1A:79:00:00:01');
    await user.click(within(dialog).getByRole('button', { name: 'Change MAC' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This MAC address is already on an active subscription');
    expect(toastText()).toBe('MAC Change Failed|This MAC address is already on an active subscription|destructive');
  });
});

describe('a line its owner turns into a set-top box', () => {
  it('asks for the MAC with the checkout rules under the field, says Setting Up... while it runs, then toasts and closes', async () => {
    let answer!: (response: Response) => void;
    const { user } = renderDevices([line, box], {
      'GET /api/devices/d1/status': () => json(200, status()),
      'GET /api/devices/d2/status': () => json(200, status()),
      'POST /api/devices/d1/set-top-box': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(within(actions('Device 2')).queryByRole('button', { name: 'Use a set-top box instead' })).toBeNull();
    await user.click(within(actions()).getByRole('button', { name: 'Use a set-top box instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use a set-top box instead' });
    // The device's name sits in a <bdi> of the sentence (decision 0111): the sentence is the dialog's text.
    expect(dialog.textContent).toMatch(/Add it by its MAC address \(on the sticker under the box\)\. The box takes the place of Device 1/);
    const field = within(dialog).getByLabelText<HTMLInputElement>('MAC address');
    expect(field.placeholder).toBe('00:1A:79:12:34:56');
    await user.click(within(dialog).getByRole('button', { name: 'Use this box' }));
    expect(within(dialog).getByText('MAC address is required')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    await user.type(field, '00:1A:79:12:34');
    await user.click(within(dialog).getByRole('button', { name: 'Use this box' }));
    expect(within(dialog).getByText('MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST', '/api/devices/d1/set-top-box')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '00-1a-79-ab-cd-ef');
    await user.click(within(dialog).getByRole('button', { name: 'Use this box' }));
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Setting Up...' }).disabled).toBe(true);
    answer(json(200, { ...line, kind: 'mag', mac: '00:1A:79:AB:CD:EF', portalUrl: 'http://tv.example.com/c/' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('POST', '/api/devices/d1/set-top-box')).toEqual({ mac: '00:1A:79:AB:CD:EF' });
    expect(toastText()).toBe(
      'Set-Top Box Added|The box 00:1A:79:AB:CD:EF takes the place of Device 1 and signs in at the portal. Its old username and password no longer work.|default',
    );
  });

  it("shows the server's refusal beside the button and in a toast, keeping what was typed", async () => {
    const { user } = renderDevices([line], {
      'GET /api/devices/d1/status': () => json(200, status()),
      'POST /api/devices/d1/set-top-box': () => json(409, { message: 'This MAC address is already on an active subscription' }),
    });
    await user.click(within(actions()).getByRole('button', { name: 'Use a set-top box instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use a set-top box instead' });
    await user.type(within(dialog).getByLabelText('MAC address'), '00:1A:79:00:00:01');
    await user.click(within(dialog).getByRole('button', { name: 'Use this box' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This MAC address is already on an active subscription');
    expect(toastText()).toBe('Set-Top Box Not Added|This MAC address is already on an active subscription|destructive');
    expect(within(dialog).getByLabelText<HTMLInputElement>('MAC address').value).toBe('00:1A:79:00:00:01');
  });
});
