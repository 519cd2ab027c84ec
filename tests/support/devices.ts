import type { DeviceCredential, Subscription } from '../../src/contract/subscriptions';
import { registerCustomer, type SignedIn } from './customers';
import { seededPackages } from './checkout';
import { paidOrder } from './paid-orders';
import type { TestApp } from './test-app';

/** Device helpers for API tests: a signed-in customer with a provisioned subscription, and calls on its devices. */

export interface Owner extends SignedIn {
  subscriptionId: string;
  orderId: string;
  devices: DeviceCredential[];
}

/** Registers a customer and gives them a paid, provisioned 1 Month subscription of `devices` devices. */
export async function ownerWithDevices(t: TestApp, devices = 2): Promise<Owner> {
  const signedIn = await registerCustomer(t.app);
  const { oneMonth } = await seededPackages(t.app);
  const order = await paidOrder(t, { packageId: oneMonth.id, devices, customerId: signedIn.customer.id, email: signedIn.customer.email });
  await t.services.jobs.drain();
  const [subscription] = await subscriptionsOf(t, signedIn.cookies);
  return { ...signedIn, subscriptionId: subscription!.id, orderId: order.id, devices: subscription!.deviceCredentials };
}

export async function subscriptionsOf(t: TestApp, cookies: Record<string, string>): Promise<Subscription[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies });
  if (response.statusCode !== 200) throw new Error(`subscriptions: ${response.statusCode} ${response.body}`);
  return response.json<Subscription[]>();
}

/** The device as GET /api/subscriptions lists it now. */
export async function deviceNow(t: TestApp, cookies: Record<string, string>, deviceId: string): Promise<DeviceCredential> {
  const device = (await subscriptionsOf(t, cookies)).flatMap((subscription) => subscription.deviceCredentials).find((d) => d.id === deviceId);
  if (!device) throw new Error(`device ${deviceId} not listed`);
  return device;
}

type Verb = 'status' | 'password' | 'isp-reset' | 'disable' | 'enable' | 'set-top-box';

/** A call on one device: `/api/devices/...` with a customer's cookies, `/api/admin/devices/...` with an admin's; `payload` is the PATCH's or a POST's body. */
export function deviceCall(t: TestApp, cookies: Record<string, string>, deviceId: string, verb: Verb | 'rename', payload?: Record<string, unknown>) {
  const base = `${'asid' in cookies ? '/api/admin/devices' : '/api/devices'}/${deviceId}`;
  if (verb === 'rename') return t.app.inject({ method: 'PATCH', url: base, cookies, payload });
  if (verb === 'status') return t.app.inject({ method: 'GET', url: `${base}/status`, cookies });
  return t.app.inject({ method: 'POST', url: `${base}/${verb}`, cookies, payload });
}
