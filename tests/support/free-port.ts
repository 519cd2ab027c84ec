import { createServer } from 'node:net';

/** A TCP port on the loopback that nothing listens on now, for a server a test starts itself. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
