import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../src/server/app';

export interface RawRequest {
  method: string;
  /** Sent exactly as written, dot segments and all. */
  path: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  statusCode: number;
  body: string;
  json(): unknown;
}

/**
 * Sends one request over a real socket with its path as written. app.inject and fetch parse
 * the URL first (WHATWG), which resolves `/./api` and `/api/../api` before the server sees
 * them; an attacker's raw client does not. The app listens on a loopback port on first use.
 */
export async function rawRequest(app: App, { method, path, headers = {}, cookies = {}, body }: RawRequest): Promise<RawResponse> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const sent = { ...headers, ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) };
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, headers: sent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ statusCode: incoming.statusCode ?? 0, body: text, json: () => JSON.parse(text) as unknown });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
