import { isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors';

const DEMO_PAYMENT_FROM_ELSEWHERE_MESSAGE =
  'Demo payments are taken only from the machine the store runs on, as its PUBLIC_URL is a local address. Set DEMO_MODE=true to take them from other machines.';

/** 127.0.0.0/8 or ::1, also written as IPv6 (::ffff:127.0.0.1), as a dual-stack socket reports IPv4 clients. */
export function isLoopbackAddress(address: string): boolean {
  const ipv4 = address.toLowerCase().replace(/^::ffff:/, '');
  return address === '::1' || (isIPv4(ipv4) && ipv4.startsWith('127.'));
}

/**
 * A preHandler for the calls that make a demo payment succeed (the test card, the crypto
 * simulator). Without DEMO_MODE the demo runs only because PUBLIC_URL is a loopback
 * address, that is for someone at this machine: a request from any other address (the
 * client as TRUST_PROXY lets the store see it) is refused, whatever interface it reached
 * (ARCHITECTURE D7; the server also listens on loopback only then, see listenHost).
 */
export function demoPaymentsFromThisMachine(config: { DEMO_MODE: boolean }) {
  return (request: FastifyRequest): Promise<void> =>
    config.DEMO_MODE || isLoopbackAddress(request.ip) ? Promise.resolve() : Promise.reject(forbidden(DEMO_PAYMENT_FROM_ELSEWHERE_MESSAGE));
}
