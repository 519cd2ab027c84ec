import type { FastifyRequest } from 'fastify';
import { allow, type StaffAccessRule } from '#server/http/staff-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSubscriptionParamsSchema,
  deviceChangeRequestSchema,
  deviceIdParamsSchema,
  devicePasswordResponseSchema,
  deviceStatusSchema,
  setTopBoxSchema,
  subscriptionDevicesResponseSchema,
  type DeviceChangeRequest,
  type DevicePasswordResponse,
  type SubscriptionDevicesResponse,
} from '#contract/devices';
import { errorBodySchema } from '#contract/errors';
import { deviceCredentialSchema, type DeviceCredential } from '#contract/subscriptions';
import type { AuditActor } from '#domain/actors';
import { unauthorized } from '#server/http/errors';
import type { Sessions } from '#server/http/sessions';
import type { DeviceActor } from './devices';
import type { Subscriptions } from './service';
import { noStore } from '#server/http/no-store';

type Devices = Subscriptions['devices'];

/**
 * The device-actions workflow's calls (decision 0088), named here: a feature never imports a
 * workflow. Each makes its change on the panel and records it with its audit row.
 */
interface DeviceActionCalls {
  change(deviceId: string, changes: DeviceChangeRequest, actor: DeviceActor): Promise<DeviceCredential>;
  useSetTopBox(deviceId: string, mac: string, actor: DeviceActor): Promise<DeviceCredential>;
  newPassword(deviceId: string, actor: DeviceActor): Promise<DevicePasswordResponse>;
  ispReset(deviceId: string, actor: DeviceActor): Promise<DeviceCredential>;
  setEnabled(deviceId: string, enabled: boolean, actor: DeviceActor): Promise<DeviceCredential>;
  setSubscriptionSuspended(subscriptionId: string, suspended: boolean, admin: AuditActor): Promise<SubscriptionDevicesResponse>;
}

type OneDeviceCalls = Pick<DeviceActionCalls, 'change' | 'newPassword' | 'ispReset' | 'setEnabled'>;

const failures = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema };
const onDevice = { params: deviceIdParamsSchema };
/** Customers' devices and subscriptions are support's work too (decision 0098). */
const SUPPORT = allow('owner', 'support');

/**
 * The same calls on one device for its owner (/api/devices/...) and for an administrator
 * (/api/admin/devices/...); `actorOf` says who acts.
 */
function deviceCalls(
  prefix: string,
  /** The staff roles of the admin's copies (decision 0098); none for the customer's. */
  config: { staff?: StaffAccessRule },
  { devices, deviceActions }: { devices: Pick<Devices, 'status'>; deviceActions: OneDeviceCalls },
  actorOf: (request: FastifyRequest) => Promise<DeviceActor>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(`${prefix}/:deviceId/status`, { config, schema: { ...onDevice, response: { 200: deviceStatusSchema, ...failures } } }, async (request, reply) =>
      noStore(reply).send(await devices.status(request.params.deviceId, await actorOf(request))),
    );
    app.patch(
      `${prefix}/:deviceId`,
      { config, schema: { ...onDevice, body: deviceChangeRequestSchema, response: { 200: deviceCredentialSchema, ...failures } } },
      async (request, reply) => noStore(reply).send(await deviceActions.change(request.params.deviceId, request.body, await actorOf(request))),
    );
    app.post(`${prefix}/:deviceId/password`, { config, schema: { ...onDevice, response: { 200: devicePasswordResponseSchema, ...failures } } }, async (request, reply) =>
      noStore(reply).send(await deviceActions.newPassword(request.params.deviceId, await actorOf(request))),
    );
    app.post(`${prefix}/:deviceId/isp-reset`, { config, schema: { ...onDevice, response: { 200: deviceCredentialSchema, ...failures } } }, async (request, reply) =>
      noStore(reply).send(await deviceActions.ispReset(request.params.deviceId, await actorOf(request))),
    );
    for (const [verb, enabled] of [['disable', false], ['enable', true]] as const) {
      app.post(`${prefix}/:deviceId/${verb}`, { config, schema: { ...onDevice, response: { 200: deviceCredentialSchema, ...failures } } }, async (request, reply) =>
        noStore(reply).send(await deviceActions.setEnabled(request.params.deviceId, enabled, await actorOf(request))),
      );
    }
  };
}

/**
 * The signed-in customer's own devices (decision 0042); another customer's device answers 404
 * as a missing one does. Only the owner turns a line into a set-top box: they hold the box.
 */
export const deviceRoutes: FastifyPluginAsyncZod<{
  devices: Pick<Devices, 'status'>;
  deviceActions: OneDeviceCalls & Pick<DeviceActionCalls, 'useSetTopBox'>;
  /** The accounts feature's profile call: the acting customer's email for the audit log. */
  accounts: { profile(customerId: string): Promise<{ email: string } | null> };
  sessions: Pick<Sessions, 'requireCustomerId'>;
}> = async (app, { devices, deviceActions, accounts, sessions: { requireCustomerId } }) => {
  const customerOf = async (request: FastifyRequest): Promise<DeviceActor> => {
    const customerId = await requireCustomerId(request);
    const profile = await accounts.profile(customerId);
    if (!profile) throw unauthorized();
    return { kind: 'customer', customer: { id: customerId, email: profile.email } };
  };
  await app.register(deviceCalls('/api/devices', {}, { devices, deviceActions }, customerOf));
  app.post(
    '/api/devices/:deviceId/set-top-box',
    { schema: { ...onDevice, body: setTopBoxSchema, response: { 200: deviceCredentialSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await deviceActions.useSetTopBox(request.params.deviceId, request.body.mac, await customerOf(request))),
  );
};

export interface AdminDeviceRouteOptions {
  devices: Pick<Devices, 'status'>;
  deviceActions: OneDeviceCalls & Pick<DeviceActionCalls, 'setSubscriptionSuspended'>;
  actingAdmin: (request: FastifyRequest) => Promise<AuditActor>;
}

/**
 * Every customer's devices for an administrator, and "disable all devices of this
 * subscription"; registered inside the admin routes' guarded scope, which refuses a
 * request without an admin session first. `actingAdmin` names the admin for the audit log.
 */
export const adminDeviceRoutes: FastifyPluginAsyncZod<AdminDeviceRouteOptions> = async (app, { devices, deviceActions, actingAdmin }) => {
  await app.register(deviceCalls('/api/admin/devices', SUPPORT, { devices, deviceActions }, async (request) => ({ kind: 'admin', admin: await actingAdmin(request) })));
  for (const [verb, suspended] of [['disable-devices', true], ['enable-devices', false]] as const) {
    app.post(
      `/api/admin/subscriptions/:subscriptionId/${verb}`,
      { config: SUPPORT, schema: { params: adminSubscriptionParamsSchema, response: { 200: subscriptionDevicesResponseSchema, ...failures } } },
      async (request, reply) =>
        noStore(reply).send(await deviceActions.setSubscriptionSuspended(request.params.subscriptionId, suspended, await actingAdmin(request))),
    );
  }
};
