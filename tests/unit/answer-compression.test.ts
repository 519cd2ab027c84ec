import compress from '@fastify/compress';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { brotliInOneCall, siteCompression } from '../../src/server/http/compression';

/** A JSON answer of about `bytes` bytes, shaped like a page of orders. */
const answerOf = (bytes: number) =>
  JSON.stringify(Array.from({ length: Math.ceil(bytes / 90) }, (_, i) => ({ id: `SP-${1700000000000 + i}-${i % 1000}`, customerEmail: `buyer${i}@example.com`, totalAmount: '21.98' })));

// Decision 0069: answers up to 128 KB are compressed in one call, larger ones still stream.
describe("the site's compression of its answers", () => {
  const app = Fastify();
  const answers = new Map([
    ['/small', answerOf(600)],
    ['/page', answerOf(40_000)],
    ['/edge', answerOf(127_000)],
    ['/huge', answerOf(300_000)],
  ]);
  const ready = (async () => {
    await app.register(compress, siteCompression);
    for (const [url, text] of answers) app.get(url, (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
    await app.ready();
  })();
  afterAll(() => app.close());
  const get = async (url: string, encoding: string) => {
    await ready;
    return app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
  };

  it('leaves an answer under 1,024 bytes as it is', async () => {
    const answer = await get('/small', 'br, gzip');
    expect(answers.get('/small')!.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(answers.get('/small'));
  });

  it.each(['/page', '/edge'])('compresses %s (up to 128 KB) in one call, its length known, in brotli and gzip', async (url) => {
    const br = await get(url, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    // Only the one-call path knows the compressed length; a stream goes out chunked.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(answers.get(url));
    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(answers.get(url));
  });

  it('streams an answer over 128 KB through the thread pool', async () => {
    const br = await get('/huge', 'br');
    expect(answers.get('/huge')!.length).toBeGreaterThan(128 * 1024);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(answers.get('/huge'));
  });

  it('makes brotli that any decoder reads back, for text and for bytes', () => {
    for (const text of ['[]', answerOf(3_000), 'é'.repeat(5_000)]) {
      expect(brotliDecompressSync(brotliInOneCall(text)).toString()).toBe(text);
      expect(brotliDecompressSync(brotliInOneCall(Buffer.from(text))).toString()).toBe(text);
    }
  });
});
