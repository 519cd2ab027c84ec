import type { FastifyReply } from 'fastify';

/** An answer no browser or proxy cache keeps: a session's, an admin's, a one-time link's. */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
