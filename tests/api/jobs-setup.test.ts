import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-db';

/**
 * Instances that start together on a new database (docs/decisions/0015): each installs the
 * queue's tables and queues, which must not deadlock one another.
 */
describe('job queue set-up', () => {
  let database: TestDatabase | null = null;
  const pools: Database[] = [];
  const queues: JobQueue[] = [];
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
    await database?.destroy();
    database = null;
  });

  /** Its own connection pool per instance on PostgreSQL, as separate processes would have. */
  async function connectionOfAnInstance(db: TestDatabase): Promise<Database> {
    if (testDbKind !== 'postgres') return db;
    const { rows } = await db.executeSql('select current_database() as name', []);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${String(rows[0]!.name)}`;
    const own = await openDatabase({ url: url.toString(), poolSize: 10 });
    pools.push(own);
    return own;
  }

  it('lets four instances with the store\'s queues start at once on a new database', async () => {
    database = await createTestDatabase();
    const fresh = database;
    const names = ['provision-order', 'order-confirmation-mail', 'expire-subscriptions', 'renewal-pass', 'sweep-paid-orders', 'housekeeping'];
    const instances = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const queue = createJobQueue(await connectionOfAnInstance(fresh));
        for (const name of names) queue.work(name, async () => {});
        queue.schedule('housekeeping', '17 * * * *');
        queues.push(queue);
        return queue;
      }),
    );
    const started = await Promise.allSettled(instances.map((queue) => queue.start()));
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started', 'started', 'started']);
    expect(await instances[0]!.send('provision-order', { orderId: 'SP-1' })).toMatch(/^[0-9a-f-]{36}$/);
  });
});
