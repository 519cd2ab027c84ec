import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from './errors';

const BYTE_ORDER_MARKS = [Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([0xfe, 0xff]), Buffer.from([0xff, 0xfe])];
/** A Content-Type's charset parameter, quoted or not. */
const CHARSET = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i;
const UTF8_LABELS = new Set(['utf-8', 'utf8']);

const unsupported = (message: string) => new HttpError(415, message);

/**
 * Reads a JSON body as UTF-8 or refuses it, never guessing: a charset other than UTF-8 or
 * a byte-order mark (which JSON over HTTP must not carry, RFC 8259) answers 415, and
 * bytes that are not UTF-8 answer 400, where the default parser would read the bytes as
 * UTF-8 anyway, replace what it cannot decode, and quietly drop a mark. The parsing itself,
 * its protections and its answers to empty or broken JSON are Fastify's own. Set on the root
 * instance, before any route, so every plugin inherits it (the Stripe webhook replaces it to
 * keep the signed bytes).
 */
export function installStrictJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[2];
    if (charset !== undefined && !UTF8_LABELS.has(charset.toLowerCase())) return done(unsupported('Request body must be UTF-8 JSON (charset=utf-8)'));
    if (BYTE_ORDER_MARKS.some((mark) => body.subarray(0, mark.length).equals(mark))) {
      return done(unsupported('Request body must be UTF-8 JSON without a byte-order mark'));
    }
    let text: string;
    try {
      text = decoder.decode(body);
    } catch {
      return done(badRequest('Request body is not valid UTF-8'));
    }
    // Fastify's own parser answers through done, synchronously.
    void parseJson(request, text, done);
  });
}
