import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

/** A JSON body is read as UTF-8 or refused: never guessed from a charset or a byte-order mark. */
describe('the encoding of a JSON body', () => {
  const t = useTestApp();
  const credentials = JSON.stringify({ email: 'zoe@example.com', password: 'wrong-passwörd' });
  const login = (payload: string | Buffer, contentType: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload, headers: { 'content-type': contentType } });

  it.each([
    ['a UTF-8 byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(credentials)]), 'application/json'],
    ['a UTF-16 byte-order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(credentials, 'utf16le')]), 'application/json'],
  ])('refuses a body that starts with %s with 415', async (_case, payload, contentType) => {
    const response = await login(payload, contentType);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Request body must be UTF-8 JSON without a byte-order mark' });
  });

  it.each(['application/json; charset=latin1', 'application/json; charset=ISO-8859-1', 'application/json;charset="utf-16"', 'application/json; charset='])(
    'refuses %s with 415',
    async (contentType) => {
      const response = await login(Buffer.from(credentials, 'latin1'), contentType);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'Request body must be UTF-8 JSON (charset=utf-8)' });
    },
  );

  it('refuses bytes that are not UTF-8 with 400, instead of reading them as something else', async () => {
    const response = await login(Buffer.from(credentials, 'latin1'), 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body is not valid UTF-8' });
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json; charset="utf-8"', 'Application/JSON; Charset=UTF8'])(
    'reads a UTF-8 body sent as %s',
    async (contentType) => {
      const response = await login(Buffer.from(credentials, 'utf8'), contentType);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
    },
  );

  it('keeps the body limit, and the answers to empty and broken JSON', async () => {
    const tooLarge = await login(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(70_000) }), 'application/json');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'Request body is too large' });
    const empty = await login('', 'application/json');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: "Body cannot be empty when content-type is set to 'application/json'" });
    const broken = await login('{"email":', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: "Body is not valid JSON but content-type is set to 'application/json'" });
    const poisoned = await login('{"__proto__":{"isAdmin":true}}', 'application/json');
    expect(poisoned.statusCode).toBe(400);
  });
});
