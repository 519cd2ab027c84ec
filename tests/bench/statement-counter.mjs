// A TCP proxy between the store and PostgreSQL that counts the statements the store sends:
// simple-protocol Query ('Q') and extended-protocol Execute ('E') messages. It counts from
// outside the store, so the figure needs nothing in src/.
import { connect, createServer } from 'node:net';

const SSL_OR_GSS_REQUEST = new Set([80877103, 80877104]);

/** Follows one client's side of the protocol, counting into `counts` as bytes arrive. */
function messageCounter(counts) {
  let pending = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      // The start-up message (and an SSL or GSS request before it) has no type byte.
      const headerLength = started ? 5 : 8;
      if (pending.length < headerLength) return;
      const length = started ? pending.readInt32BE(1) + 1 : pending.readInt32BE(0);
      if (pending.length < length) return;
      if (started) {
        const type = String.fromCharCode(pending[0]);
        if (type === 'Q') counts.query += 1;
        if (type === 'E') counts.execute += 1;
      } else if (!SSL_OR_GSS_REQUEST.has(pending.readInt32BE(4))) {
        started = true;
      }
      pending = pending.subarray(length);
    }
  };
}

/** Listens on a free port in front of `databaseUrl`; `url` is databaseUrl through the proxy. */
export async function startStatementCounter(databaseUrl) {
  const target = new URL(databaseUrl);
  const counts = { query: 0, execute: 0 };
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) });
    const count = messageCounter(counts);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => {
      count(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${server.address().port}`;
  return {
    url: url.toString(),
    total: () => counts.query + counts.execute,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
