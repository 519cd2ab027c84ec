import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#contract/errors';
import { TELEGRAM_OFF, TELEGRAM_UNLINKED, TELEGRAM_WRONG_SECRET, telegramLinkSchema, telegramStatusSchema } from '#contract/telegram';
import { badRequest, notFound, unauthorized } from '#server/http/errors';
import { noStore } from '#server/http/no-store';
import type { Sessions } from '#server/http/sessions';
import { parseTelegramUpdate, TELEGRAM_SECRET_HEADER } from '#server/providers/telegram/index';
import { TELEGRAM_WEBHOOK_PATH, type Telegram } from './service';

const messageSchema = errorBodySchema.pick({ message: true });
const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The account page's Telegram card (decision 0103): linked or not, a new one-time link, and unlinking. */
export const telegramAccountRoutes: FastifyPluginAsyncZod<{
  telegram: Pick<Telegram, 'enabled' | 'status' | 'startLink' | 'unlink'>;
  sessions: Pick<Sessions, 'requireCustomerId'>;
}> = async (app, { telegram, sessions: { requireCustomerId } }) => {
  app.get('/api/customer/telegram', { schema: { response: { 200: telegramStatusSchema, ...failures } } }, async (request, reply) => {
    const customerId = await requireCustomerId(request);
    return noStore(reply).send(await telegram.status(customerId));
  });

  app.post('/api/customer/telegram/link', { schema: { response: { 200: telegramLinkSchema, ...failures } } }, async (request, reply) => {
    const customerId = await requireCustomerId(request);
    if (!telegram.enabled) throw notFound(TELEGRAM_OFF);
    return noStore(reply).send(await telegram.startLink(customerId));
  });

  app.delete('/api/customer/telegram', { schema: { response: { 200: messageSchema, ...failures } } }, async (request, reply) => {
    const customerId = await requireCustomerId(request);
    if (!telegram.enabled) throw notFound(TELEGRAM_OFF);
    await telegram.unlink(customerId);
    return noStore(reply).send({ message: TELEGRAM_UNLINKED });
  });
};

/**
 * Telegram's side (decision 0103), outside the site's cookies and same-origin guard as a
 * server-to-server call: the webhook, whose secret header is checked before its body is
 * read, and the demo's Start button.
 */
export const telegramWebhookRoutes: FastifyPluginAsyncZod<{ telegram: Pick<Telegram, 'enabled' | 'isWebhookSecret' | 'handleUpdate' | 'demoStart'>; demo: boolean }> = async (
  app,
  { telegram, demo },
) => {
  app.post(TELEGRAM_WEBHOOK_PATH, { schema: { body: z.unknown(), response: { 200: z.object({ ok: z.literal(true) }), ...failures } } }, async (request, reply) => {
    const secret = request.headers[TELEGRAM_SECRET_HEADER];
    if (!telegram.isWebhookSecret(typeof secret === 'string' ? secret : undefined)) throw unauthorized(TELEGRAM_WRONG_SECRET);
    const update = parseTelegramUpdate(request.body);
    if (!update) throw badRequest('The body is not a Telegram update.');
    await telegram.handleUpdate(update);
    return reply.send({ ok: true });
  });

  app.get(
    '/api/telegram/demo-start',
    { schema: { querystring: z.object({ start: z.string().max(64).default('') }), response: { 404: errorBodySchema } } },
    async (request, reply) => {
      if (!telegram.enabled || !demo) throw notFound(TELEGRAM_OFF);
      const outcome = await telegram.demoStart(request.query.start);
      return noStore(reply).redirect(`/account?telegram=${outcome === 'linked' ? 'linked' : 'refused'}`, 303);
    },
  );
};
