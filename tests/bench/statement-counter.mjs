// A TCP proxy between the store and PostgreSQL that counts the statements the store sends:
// simple-protocol Query ('Q') and extended-protocol Execute ('E') messages. It counts from
// outside the store, so the figure needs nothing in src/. Asked to, it also records each
// statement, per connection and in the order sent: its text, its parameters (node-postgres
// sends them as text), the rows it returned and the transaction status after it, which is
// what the replay limit (replay-purchase-server.mjs) is made from.
import { connect, createServer } from 'node:net';

const SSL_OR_GSS_REQUEST = new Set([80877103, 80877104]);

/** Splits one side of the protocol into messages: `onMessage(type, body)`; the start-up message has type null. */
function messageReader(onMessage, { startedAlready = false } = {}) {
  let pending = Buffer.alloc(0);
  let started = startedAlready;
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      // The start-up message (and an SSL or GSS request before it) has no type byte.
      const headerLength = started ? 5 : 8;
      if (pending.length < headerLength) return;
      const length = started ? pending.readInt32BE(1) + 1 : pending.readInt32BE(0);
      if (pending.length < length) return;
      if (started) {
        onMessage(String.fromCharCode(pending[0]), pending.subarray(5, length));
      } else if (!SSL_OR_GSS_REQUEST.has(pending.readInt32BE(4))) {
        started = true;
      }
      pending = pending.subarray(length);
    }
  };
}

/** Reads a NUL-terminated string at `offset`: [text, offset after it]. */
function cString(body, offset) {
  const end = body.indexOf(0, offset);
  return [body.toString('utf8', offset, end), end + 1];
}

/** The parameters of a Bind message, as text (null for NULL); its portal and statement names. */
function readBind(body) {
  let offset = 0;
  let portal;
  let statement;
  [portal, offset] = cString(body, offset);
  [statement, offset] = cString(body, offset);
  const formatCount = body.readInt16BE(offset);
  offset += 2 + formatCount * 2;
  const valueCount = body.readInt16BE(offset);
  offset += 2;
  const values = [];
  for (let i = 0; i < valueCount; i++) {
    const length = body.readInt32BE(offset);
    offset += 4;
    if (length === -1) {
      values.push(null);
    } else {
      values.push(body.toString('utf8', offset, offset + length));
      offset += length;
    }
  }
  return { portal, statement, values };
}

function readDataRow(body) {
  const count = body.readInt16BE(0);
  let offset = 2;
  const cells = [];
  for (let i = 0; i < count; i++) {
    const length = body.readInt32BE(offset);
    offset += 4;
    if (length === -1) {
      cells.push(null);
    } else {
      cells.push(body.toString('utf8', offset, offset + length));
      offset += length;
    }
  }
  return cells;
}

/**
 * Follows one connection both ways, appending each statement it runs to `log` as
 * { connection, at, text, values, rows, status }: `at` in ms (hrtime) when it was sent,
 * `status` the transaction status PostgreSQL gave after it ('I' idle, 'T' in a transaction, 'E' failed one).
 */
function connectionRecorder(connection, log) {
  const statements = new Map();
  const portals = new Map();
  const running = [];
  const frontend = (type, body) => {
    if (type === 'P') {
      const [name, offset] = cString(body, 0);
      statements.set(name, cString(body, offset)[0]);
    } else if (type === 'B') {
      const bind = readBind(body);
      portals.set(bind.portal, { text: statements.get(bind.statement), values: bind.values });
    } else if (type === 'E' || type === 'Q') {
      const { text, values } = type === 'Q' ? { text: cString(body, 0)[0], values: null } : portals.get(cString(body, 0)[0]);
      running.push({ connection, at: Number(process.hrtime.bigint()) / 1e6, text, values, rows: [], status: null });
    }
  };
  const backend = (type, body) => {
    if (type === 'D' && running[0]) running[0].rows.push(readDataRow(body));
    if (type === 'Z' && running[0]) {
      const done = running.shift();
      done.status = String.fromCharCode(body[0]);
      log.push(done);
    }
  };
  return { frontend: messageReader(frontend), backend: messageReader(backend, { startedAlready: true }) };
}

/**
 * Listens on a free port in front of `databaseUrl`; `url` is databaseUrl through the proxy.
 * With `record`, `recorded()` gives the statements run since the last `clearRecord()`.
 */
export async function startStatementCounter(databaseUrl, { record = false } = {}) {
  const target = new URL(databaseUrl);
  const counts = { statements: 0 };
  let log = [];
  let connections = 0;
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) });
    const count = messageReader((type) => {
      if (type === 'Q' || type === 'E') counts.statements += 1;
    });
    const recorder = record ? connectionRecorder(++connections, { push: (entry) => log.push(entry) }) : null;
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
      recorder?.frontend(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      recorder?.backend(chunk);
      client.write(chunk);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${server.address().port}`;
  return {
    url: url.toString(),
    total: () => counts.statements,
    recorded: () => log,
    clearRecord: () => {
      log = [];
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
