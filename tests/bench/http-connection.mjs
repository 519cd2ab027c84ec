// A keep-alive HTTP/1.1 connection on a bare socket, one request in flight, for the load
// generators: it does far less work per request than fetch or autocannon, so the process
// driving the load is not what limits the figures, and it times answers to the microsecond.
import { connect } from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

/** Opens a connection to `baseUrl`; `send` resolves with the answer's status and body text. */
export function openConnection(baseUrl) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect({ host: hostname, port: Number(port), noDelay: true });
  let buffered = Buffer.alloc(0);
  let pending = null;

  socket.on('data', (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    const headerEnd = buffered.indexOf(HEADER_END);
    if (headerEnd === -1 || !pending) return;
    const head = buffered.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let body, end;
    if (length) {
      end = headerEnd + 4 + Number(length[1]);
      if (buffered.length < end) return;
      body = buffered.toString('utf8', headerEnd + 4, end);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      // An answer compressed as it streams (the site's compression plugin) comes in chunks.
      const chunks = readChunks(buffered, headerEnd + 4);
      if (!chunks) return;
      ({ body, end } = chunks);
    } else return fail(new Error(`answer without content-length: ${head.split('\r\n')[0]}`));
    buffered = buffered.subarray(end);
    const done = pending;
    pending = null;
    done.resolve({ status: Number(head.slice(9, 12)), body });
  });
  const fail = (error) => {
    const done = pending;
    pending = null;
    done?.reject(error);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  const ready = new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));

  return {
    ready,
    /** `headers` is raw header text, each line ending in \r\n. */
    send(method, path, headers = '', body = '') {
      const length = body ? `content-length: ${Buffer.byteLength(body)}\r\n` : '';
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(`${method} ${path} HTTP/1.1\r\nhost: ${hostname}\r\n${headers}${length}\r\n${body}`);
      });
    },
    close: () => socket.destroy(),
  };
}

/** A chunked body that begins at `start`, whole, or null while some of it is still to come. */
function readChunks(buffered, start) {
  const parts = [];
  let at = start;
  for (;;) {
    const lineEnd = buffered.indexOf('\r\n', at);
    if (lineEnd === -1) return null;
    const size = parseInt(buffered.toString('latin1', at, lineEnd), 16);
    if (size === 0) {
      // No trailers: the last chunk's empty line ends the answer.
      if (buffered.length < lineEnd + 4) return null;
      return { body: Buffer.concat(parts).toString('utf8'), end: lineEnd + 4 };
    }
    if (buffered.length < lineEnd + 2 + size + 2) return null;
    parts.push(buffered.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** The exact percentile `p` (0-100) of ascending `sorted` samples, nearest rank. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Runs `connections` loops of `iteration(connection)` for `seconds` after `warmupSeconds`,
 * timing each iteration; an iteration that throws counts as an error. Returns the rate
 * per second, exact p50/p99 in milliseconds and the sorted samples (to pool several runs).
 */
export async function runLoops(baseUrl, { connections, seconds, warmupSeconds = 1, iteration }) {
  const opened = Array.from({ length: connections }, () => openConnection(baseUrl));
  await Promise.all(opened.map((c) => c.ready));
  const samples = [];
  let errors = 0;
  let completed = 0;
  const warmupEnds = Date.now() + warmupSeconds * 1000;
  const ends = warmupEnds + seconds * 1000;

  await Promise.all(
    opened.map(async (connection) => {
      while (Date.now() < ends) {
        const measuring = Date.now() >= warmupEnds;
        const started = process.hrtime.bigint();
        try {
          await iteration(connection);
          completed += 1;
          if (measuring) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
        } catch {
          if (measuring) errors += 1;
          connection.close();
          connection = openConnection(baseUrl);
          await connection.ready;
        }
      }
      connection.close();
    }),
  );
  samples.sort((a, b) => a - b);
  // `completed` also counts the warm-up's iterations: with CPU time read over the whole run, it gives CPU per iteration.
  return { perSecond: samples.length / seconds, p50: percentile(samples, 50), p99: percentile(samples, 99), count: samples.length, completed, errors, samples };
}
