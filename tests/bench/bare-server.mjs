// The yardstick: a bare Fastify route answering the same JSON from memory.
import Fastify from 'fastify';

const body = process.env.BENCH_BODY ?? '[]';
const app = Fastify({ logger: false });
app.get('/', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
