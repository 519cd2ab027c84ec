import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contract/errors';
import {
  attachmentParamsSchema,
  createdTicketSchema,
  newMessageRequestSchema,
  newTicketRequestSchema,
  ratingRequestSchema,
  TICKET_TOKEN_HEADER,
  ticketDetailSchema,
  ticketListSchema,
  ticketParamsSchema,
  type CreatedTicket,
  type NewTicketRequest,
  type TicketDetail,
  type TicketSummary,
} from '#contract/support';
import { noStore } from '#server/http/no-store';
import type { Sessions } from '#server/http/sessions';
import { acceptImageUploads, sendAttachment, UPLOAD_BODY_LIMIT, uploadedImages } from './upload-routes';
import type { NewAttachment, StoredAttachment } from './tickets';

/** Who reads or answers a ticket: its signed-in customer, or an emailed link's holder. */
export interface TicketCaller {
  customerId: string | null;
  token: string | null;
}

/** The support workflow's calls, named here: a feature never imports a workflow. */
export interface SupportCalls {
  open(customerId: string | null, request: NewTicketRequest, attachments: NewAttachment[], ip: string): Promise<CreatedTicket>;
  mine(customerId: string): Promise<TicketSummary[]>;
  read(ticketId: string, caller: TicketCaller): Promise<TicketDetail>;
  reply(ticketId: string, caller: TicketCaller, message: string, attachments: NewAttachment[]): Promise<TicketDetail>;
  resolve(ticketId: string, caller: TicketCaller): Promise<TicketDetail>;
  rate(ticketId: string, caller: TicketCaller, score: number): Promise<TicketDetail>;
  attachment(attachmentId: string, caller: TicketCaller): Promise<StoredAttachment>;
}

const failures = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, 429: errorBodySchema };

/**
 * The customers' and guests' tickets (decision 0102). A ticket another customer owns answers
 * 404 as a missing one does; a guest reaches theirs with the token of an emailed link, sent
 * in a header so that no access log keeps it.
 */
export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportCalls; sessions: Pick<Sessions, 'getSessionCustomerId' | 'requireCustomerId'> }> = async (
  app,
  { support, sessions },
) => {
  await acceptImageUploads(app);
  const callerOf = async (request: FastifyRequest): Promise<TicketCaller> => {
    const header = request.headers[TICKET_TOKEN_HEADER];
    const token = typeof header === 'string' && header.length > 0 && header.length <= 100 ? header : null;
    return { customerId: await sessions.getSessionCustomerId(request), token };
  };
  const onTicket = { params: ticketParamsSchema };

  app.post('/api/support/tickets', { bodyLimit: UPLOAD_BODY_LIMIT, schema: { body: newTicketRequestSchema, response: { 201: createdTicketSchema, ...failures } } }, async (request, reply) =>
    noStore(reply)
      .code(201)
      .send(await support.open(await sessions.getSessionCustomerId(request), request.body, uploadedImages(request), request.ip)),
  );

  app.get('/api/support/tickets', { schema: { response: { 200: ticketListSchema, ...failures } } }, async (request, reply) =>
    noStore(reply).send(await support.mine(await sessions.requireCustomerId(request))),
  );

  app.get('/api/support/tickets/:id', { schema: { ...onTicket, response: { 200: ticketDetailSchema, ...failures } } }, async (request, reply) =>
    noStore(reply).send(await support.read(request.params.id, await callerOf(request))),
  );

  app.post(
    '/api/support/tickets/:id/messages',
    { bodyLimit: UPLOAD_BODY_LIMIT, schema: { ...onTicket, body: newMessageRequestSchema, response: { 200: ticketDetailSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await support.reply(request.params.id, await callerOf(request), request.body.message, uploadedImages(request))),
  );

  app.post('/api/support/tickets/:id/resolve', { schema: { ...onTicket, response: { 200: ticketDetailSchema, ...failures } } }, async (request, reply) =>
    noStore(reply).send(await support.resolve(request.params.id, await callerOf(request))),
  );

  app.post(
    '/api/support/tickets/:id/rating',
    { schema: { ...onTicket, body: ratingRequestSchema, response: { 200: ticketDetailSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await support.rate(request.params.id, await callerOf(request), request.body.score)),
  );

  app.get('/api/support/attachments/:id', { schema: { params: attachmentParamsSchema, response: failures } }, async (request, reply) => {
    return sendAttachment(reply, await support.attachment(request.params.id, await callerOf(request)));
  });
};
