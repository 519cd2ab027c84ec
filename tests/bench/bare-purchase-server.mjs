// The old yardstick for a whole purchase: a bare Fastify process answering the purchase's
// three calls at the store's paths, each with ONE small transaction on the same kind of
// database (node-postgres on DATABASE_URL, else PGlite in a data folder in this process) and
// JSON answers of the store's shape. The limit is now the replay of the store's own
// statements (replay-purchase-server.mjs); this stays beside it as what a framework and one
// statement per call cost, so the distance between the two is what the statements cost.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const TABLE = `create table if not exists bench_orders (
  id text primary key, email text not null, package_id text not null, device_count int not null,
  total_amount numeric(10,2) not null, payment_intent_id text not null unique, intent_status text not null default 'requires_payment',
  payment_status text not null default 'pending', created_at timestamptz not null default now(), paid_at timestamptz)`;

/** Opens the database; a function that runs one statement in a transaction of its own and gives its rows. */
async function openTransactions() {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    await pool.query(TABLE);
    return async (text, values) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query(text, values);
        await client.query('commit');
        return rows;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    };
  }
  const db = new PGlite(mkdtempSync(path.join(tmpdir(), 'bare-purchase-')));
  await db.exec(TABLE);
  return async (text, values) => (await db.transaction((tx) => tx.query(text, values))).rows;
}

const transaction = await openTransactions();
const app = Fastify({ logger: false });
let orders = 0;

app.post('/api/checkout', async (request) => {
  const { email, packageId, deviceCount } = request.body;
  const intentId = `pi_${randomBytes(12).toString('hex')}`;
  const [order] = await transaction(
    `insert into bench_orders (id, email, package_id, device_count, total_amount, payment_intent_id)
     values ($1, $2, $3, $4, 21.98, $5) returning id, package_id, payment_status, device_count, total_amount`,
    [`SP-${Date.now()}-${++orders}`, email, packageId, Number(deviceCount), intentId],
  );
  const summary = { id: order.id, packageId: order.package_id, paymentMethod: 'card', paymentStatus: order.payment_status, deviceCount: order.device_count };
  const money = { couponCode: null, subtotalAmount: order.total_amount, couponDiscount: '0.00', totalAmount: order.total_amount, cashbackAmount: '10.00' };
  return { isFreeOrder: false, needsPasswordSetup: false, order: { ...summary, ...money }, clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}` };
});

app.post('/api/demo/payment-intents/:id/confirm', async (request, reply) => {
  const rows = await transaction(`update bench_orders set intent_status = 'succeeded' where payment_intent_id = $1 returning payment_intent_id`, [request.params.id]);
  if (rows.length === 0) return reply.code(404).send({ message: 'Payment not found' });
  return { id: rows[0].payment_intent_id, status: 'succeeded' };
});

app.post('/api/webhook/payment-success', async (request, reply) => {
  const rows = await transaction(
    `update bench_orders set payment_status = 'completed', paid_at = coalesce(paid_at, now())
      where id = $1 and payment_intent_id = $2 and intent_status = 'succeeded' returning id`,
    [request.body.orderId, request.body.paymentIntentId],
  );
  if (rows.length === 0) return reply.code(404).send({ message: 'Order not found' });
  return { orderId: rows[0].id, paymentStatus: 'completed' };
});

app.get('/', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
