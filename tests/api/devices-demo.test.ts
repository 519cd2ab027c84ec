import { describe, expect, it } from 'vitest';
import { deviceCall, deviceNow, ownerWithDevices } from '../support/devices';
import { useTestApp } from '../support/test-app';

/** With no reseller panel, the built-in generator answers every device action from its own state (the zero-setup demo). */

const t = useTestApp();

describe('devices in the demo (no panel)', () => {
  it('renames, changes the password, resets the ISP lock, turns off and on, and tells what the demo knows', async () => {
    const owner = await ownerWithDevices(t, 1);
    const [device] = owner.devices;
    expect((await deviceCall(t, owner.cookies, device!.id, 'status')).json()).toEqual({
      available: true,
      online: false,
      activeConnections: 0,
      maxConnections: 1,
      enabled: true,
      lastSeenAt: null,
      demo: true,
    });
    expect((await deviceCall(t, owner.cookies, device!.id, 'rename', { label: 'Den' })).json()).toMatchObject({ label: 'Den' });
    const changed = await deviceCall(t, owner.cookies, device!.id, 'password');
    expect(changed.statusCode).toBe(200);
    const { xtreamPassword } = changed.json<{ xtreamPassword: string }>();
    expect(xtreamPassword).not.toBe(device!.xtreamPassword);
    expect((await deviceCall(t, owner.cookies, device!.id, 'isp-reset')).statusCode).toBe(200);
    expect((await deviceCall(t, owner.cookies, device!.id, 'disable')).json()).toMatchObject({ enabled: false });
    expect((await deviceCall(t, owner.cookies, device!.id, 'status')).json()).toMatchObject({ available: true, enabled: false, demo: true });
    expect((await deviceCall(t, owner.cookies, device!.id, 'enable')).json()).toMatchObject({ enabled: true });
    expect(await deviceNow(t, owner.cookies, device!.id)).toMatchObject({
      label: 'Den',
      xtreamPassword,
      enabled: true,
      epgUrl: `http://line.streamplus.tv/xmltv.php?username=${device!.xtreamUsername}&password=${xtreamPassword}`,
    });
  });

  it('turns a line into a set-top box, which the demo can then turn off', async () => {
    const owner = await ownerWithDevices(t, 1);
    const [device] = owner.devices;
    const made = await deviceCall(t, owner.cookies, device!.id, 'set-top-box', { mac: '00:1A:79:0D:E3:01' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ id: device!.id, kind: 'mag', mac: '00:1A:79:0D:E3:01', portalUrl: 'http://line.streamplus.tv/c/', enabled: true });
    expect(made.json<{ xtreamUsername: string }>().xtreamUsername).not.toBe(device!.xtreamUsername);
    expect((await deviceCall(t, owner.cookies, device!.id, 'disable')).json()).toMatchObject({ kind: 'mag', enabled: false });
    expect((await deviceCall(t, owner.cookies, device!.id, 'status')).json()).toMatchObject({ enabled: false, demo: true });
    expect(await deviceNow(t, owner.cookies, device!.id)).toMatchObject({ kind: 'mag', mac: '00:1A:79:0D:E3:01', enabled: false });
  });
});
