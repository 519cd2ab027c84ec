import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  conflict,
  DomainError,
  invalid,
  notFound,
  paymentDeclined,
  providerFailed,
  refused,
  unauthenticated,
  type DomainErrorKind,
} from '../../src/domain/errors';
import { installErrorHandling } from '../../src/server/http/errors';
import { tooManyAttempts } from '../../src/server/lib/attempt-limits';

/** The edge's one table (decision 0081): each kind a feature throws answers the status it answered as an HttpError. */
describe('a domain error at the edge', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  async function answerTo(error: Error) {
    app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/refused', () => Promise.reject(error));
    return app.inject({ method: 'GET', url: '/refused' });
  }

  const cases: [DomainErrorKind, DomainError, number][] = [
    ['invalid', invalid('Invalid coupon code'), 400],
    ['unauthenticated', unauthenticated('Invalid email or password'), 401],
    ['payment_declined', paymentDeclined('Your card was declined.'), 402],
    ['not_found', notFound('Order not found'), 404],
    ['conflict', conflict('This coupon has reached its usage limit'), 409],
    ['refused', refused('We could not accept this order. Contact support.'), 403],
  ];

  it.each(cases)('answers %s with its status and { message }', async (kind, error, status) => {
    expect(error.kind).toBe(kind);
    const response = await answerTo(error);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: error.message });
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('answers too many attempts with 429, the minutes in the message and Retry-After in seconds', async () => {
    const response = await answerTo(tooManyAttempts(90_500, (minutes) => `Please try again in ${minutes} minutes.`));
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('91');
    expect(response.json()).toEqual({ message: 'Please try again in 2 minutes.' });
  });

  it('keeps the fields a conflict carries beside its message', async () => {
    const response = await answerTo(conflict('This order belongs to another account', { currentOwner: 'a***@example.com' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ currentOwner: 'a***@example.com', message: 'This order belongs to another account' });
  });

  it("answers a provider's failure with 502 and the message written for the user, never the provider's own error", async () => {
    const response = await answerTo(providerFailed('The card provider is unavailable.', new Error('ECONNREFUSED sk_live_secret')));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'The card provider is unavailable.' });
  });
});
