import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * How long a stand-in keeps an idle connection open: a provider behind nginx keeps it 75 s.
 * Node's 5 s default raced the store's client on a loaded machine: a test that took longer
 * than 5 s to reach its next call got its kept-alive socket closed as it wrote on it
 * (ECONNRESET), a failure no real provider causes that fast. The store retries such a call
 * (its job, decision 0016); the tests check the call itself.
 */
export const STAND_IN_KEEP_ALIVE_MS = 75_000;

/** The HTTP server of a provider's stand-in; a handler that throws answers 500 with why, so the store's handling of it shows in the test. */
export function standInServer(answer: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  server.keepAliveTimeout = STAND_IN_KEEP_ALIVE_MS;
  return server;
}
