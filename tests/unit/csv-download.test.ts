import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sendCsv } from '../../src/server/http/csv-download';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** V8's full collection, which a test may call once the flag is set (a new context then has `gc`). */
function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

describe('a streamed CSV download', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it('reads the next batch only as the client takes the last one, and stops reading when the client goes away', async () => {
    let batchesRead = 0;
    let finished = false;
    /** An endless table of 100 KB batches, as a huge table would be. */
    // An async generator is how sendCsv takes its batches; this one has nothing to wait for.
    async function* endless() {
      try {
        for (;;) {
          batchesRead += 1;
          yield Array.from({ length: 1000 }, (_, i) => [`row ${batchesRead}-${i}`, 'x'.repeat(80)]);
        }
      } finally {
        finished = true;
      }
    }
    app = Fastify();
    app.get('/export', (_request, reply) => sendCsv(reply, 'endless', '2030-01-01', { header: ['Name', 'Padding'], batches: endless() }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const request = http.get({ port, host: '127.0.0.1', path: '/export' });
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="endless-2030-01-01.csv"');
    const [first] = (await once(response, 'data')) as [Buffer];
    response.pause();
    expect(first.toString('utf8')).toMatch(/^\uFEFFName,Padding\r\nrow 1-0,x+\r\n/);

    // The client reads nothing more: once the socket's buffers are full the server stops reading batches.
    await pause(300);
    const whileStalled = batchesRead;
    await pause(300);
    expect(batchesRead).toBe(whileStalled);
    expect(batchesRead).toBeLessThan(200);

    request.destroy();
    for (let waited = 0; !finished && waited < 2000; waited += 20) await pause(20);
    expect(finished).toBe(true);
  });

  it('lets go of each batch once it is written, before the next one is read (decision 0041)', async () => {
    const collect = fullCollection();
    const handedOut: WeakRef<string[][]>[] = [];
    let reads = 0;
    let answerThirdRead = () => {};
    // Two batches, then a third statement that takes its time: the download waits on it.
    const slowTable: AsyncIterable<string[][]> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          reads += 1;
          if (reads === 3) await new Promise<void>((resolve) => (answerThirdRead = resolve));
          if (reads >= 3) return { done: true, value: undefined };
          const batch = Array.from({ length: 1000 }, (_, i) => [`row ${reads}-${i}`, 'x'.repeat(80)]);
          handedOut.push(new WeakRef(batch));
          return { done: false, value: batch };
        },
      }),
    };
    app = Fastify();
    app.get('/export', (_request, reply) => sendCsv(reply, 'slow', '2030-01-01', { header: ['Name', 'Padding'], batches: slowTable }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const request = http.get({ port, host: '127.0.0.1', path: '/export' });
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    let body = '';
    response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    for (let waited = 0; reads < 3 && waited < 2000; waited += 20) await pause(20);
    expect(reads).toBe(3);

    // While the third batch is read, the two before it are text already and nothing holds them.
    collect();
    expect(handedOut.map((batch) => batch.deref() === undefined)).toEqual([true, true]);

    answerThirdRead();
    await once(response, 'end');
    expect(body.split('\r\n')).toHaveLength(1 + 2000 + 1);
  });

  it('answers an error before the download starts when the first batch cannot be read', async () => {
    const failing: AsyncIterable<string[][]> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('database unavailable')) }),
    };
    app = Fastify();
    app.get('/export', (_request, reply) => sendCsv(reply, 'broken', '2030-01-01', { header: ['Name'], batches: failing }));
    const response = await app.inject({ method: 'GET', url: '/export' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});
