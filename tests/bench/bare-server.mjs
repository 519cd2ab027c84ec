// The yardstick: a bare Fastify route answering the same JSON, with the same response
// headers, from memory. Equal headers keep the load generator's own parsing work equal.
import Fastify from 'fastify';

const body = process.env.BENCH_BODY ?? '[]';
const headers = JSON.parse(process.env.BENCH_HEADERS ?? '{}');
const app = Fastify({ logger: false });
app.get('/', (_request, reply) => reply.headers(headers).send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
