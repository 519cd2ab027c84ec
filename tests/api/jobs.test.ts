import { afterEach, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue';
import { countStatements } from '../support/statement-count';
import { useTestApp } from '../support/test-app';

/** The durable job queue (D10) on this test file's database, PGlite or PostgreSQL. */
describe('durable job queue', () => {
  const t = useTestApp({}, { seed: false });
  const opened: JobQueue[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.stop()));
  });

  /** A queue as one app instance would have it, with one 'greet' handler recording its calls. */
  function instance(handler: (data: { n: number }, retryCount: number) => Promise<void> = async () => {}) {
    const queue = createJobQueue(t.database);
    const runs: Array<{ n: number; retryCount: number }> = [];
    queue.work<{ n: number }>(
      'test-greet',
      async (data, job) => {
        runs.push({ n: data.n, retryCount: job.retryCount });
        await handler(data, job.retryCount);
      },
      { retryLimit: 3, retryDelaySeconds: 30 },
    );
    opened.push(queue);
    return { queue, runs };
  }

  it('runs a sent job once, and drains nothing the second time', async () => {
    const { queue, runs } = instance();
    expect(await queue.send('test-greet', { n: 1 })).toMatch(/^[0-9a-f-]{36}$/);
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    expect(runs).toEqual([{ n: 1, retryCount: 0 }]);
  });

  it('keeps one job per singleton key: repeats add nothing, even after it ran', async () => {
    const { queue, runs } = instance();
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => queue.send('test-greet', { n }, { singletonKey: 'order-1' })));
    expect(ids.filter(Boolean)).toHaveLength(1);
    await queue.drain();
    expect(await queue.send('test-greet', { n: 6 }, { singletonKey: 'order-1' })).toBeNull();
    expect(await queue.send('test-greet', { n: 7 }, { singletonKey: 'order-2' })).not.toBeNull();
    await queue.drain();
    expect(runs.map((run) => run.n).sort()).toEqual([ids.findIndex(Boolean) + 1, 7].sort());
  });

  it('sends jobs of several queues at once, keeping the singleton keys and each queue\'s retry policy', async () => {
    const { queue, runs } = instance();
    const waves: number[] = [];
    queue.work<{ n: number }>('test-wave', async ({ n }) => void waves.push(n), { retryLimit: 7 });
    const both = [
      { name: 'test-greet', data: { n: 1 }, singletonKey: 'order-5' },
      { name: 'test-wave', data: { n: 2 }, singletonKey: 'order-5' },
    ];
    await Promise.all([queue.sendAll(both), queue.sendAll(both)]);
    expect(await queue.send('test-greet', { n: 3 }, { singletonKey: 'order-5' })).toBeNull();
    const { rows } = await t.database.executeSql(`select name, retry_limit from pgboss.job where singleton_key = 'order-5' order by name`, []);
    expect(rows).toEqual([
      { name: 'test-greet', retry_limit: 3 },
      { name: 'test-wave', retry_limit: 7 },
    ]);
    expect(await queue.drain()).toBe(2);
    await queue.sendAll(both);
    expect(await queue.drain()).toBe(0);
    expect(runs).toEqual([{ n: 1, retryCount: 0 }]);
    expect(waves).toEqual([2]);
    await expect(queue.sendAll([{ name: 'test-unknown', data: {}, singletonKey: 'x' }])).rejects.toThrow('No job handler for test-unknown');
  });

  it('refuses a job no handler is registered for', async () => {
    const { queue } = instance();
    await expect(queue.send('test-unknown', {})).rejects.toThrow('No job handler for test-unknown');
  });

  it('retries a failing job after a backoff, then completes it', async () => {
    let failuresLeft = 2;
    const { queue, runs } = instance(async () => {
      if (failuresLeft-- > 0) throw new Error('provider unavailable');
    });
    const id = (await queue.send('test-greet', { n: 1 }))!;
    expect(await queue.drain()).toBe(1);

    const waiting = await queue.getJob('test-greet', id);
    expect(waiting).toMatchObject({ state: 'retry', output: { message: 'provider unavailable' } });
    // The retry waits for its backoff: nothing is due now.
    expect(new Date(waiting!.startAfter).getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await queue.drain()).toBe(0);

    await queue.drain({ includeDelayed: true });
    expect(runs.map((run) => run.retryCount)).toEqual([0, 1, 2]);
    expect(await queue.getJob('test-greet', id)).toMatchObject({ state: 'completed' });
  });

  it('gives up after the retry limit and keeps the failed job', async () => {
    const { queue, runs } = instance(async () => {
      throw new Error('always down');
    });
    const id = (await queue.send('test-greet', { n: 1 }))!;
    await queue.drain({ includeDelayed: true });
    expect(runs).toHaveLength(4);
    expect(await queue.getJob('test-greet', id)).toMatchObject({ state: 'failed', retryCount: 3 });
  });

  it('makes a job sent now due before the clock ticks, so that a fetch in the same millisecond takes it', async () => {
    // pg-boss takes a job whose start_after is strictly before now(); PGlite's clock ticks in milliseconds.
    const { queue } = instance();
    const one = (await queue.send('test-greet', { n: 1 }))!;
    await queue.sendAll([{ name: 'test-greet', data: { n: 2 }, singletonKey: 'order-due' }]);
    const { rows } = await t.database.executeSql(`select id, start_after < created_on as due from pgboss.job where name = 'test-greet' order by created_on`, []);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.due)).toEqual([true, true]);
    expect(rows[0]!.id).toBe(one);
  });

  it('puts a singleton job that ran out of attempts back when asked to, and only then', async () => {
    let down = true;
    const { queue, runs } = instance(async () => {
      if (down) throw new Error('always down');
    });
    const id = (await queue.send('test-greet', { n: 1 }, { singletonKey: 'order-9' }))!;
    await queue.drain({ includeDelayed: true });
    expect(await queue.getJob('test-greet', id)).toMatchObject({ state: 'failed' });
    expect(await queue.send('test-greet', { n: 1 }, { singletonKey: 'order-9' })).toBeNull();

    down = false;
    expect(await queue.send('test-greet', { n: 1 }, { singletonKey: 'order-9', requeueFailed: true })).toBe(id);
    expect(await queue.drain()).toBe(1);
    expect(await queue.getJob('test-greet', id)).toMatchObject({ state: 'completed' });
    expect(runs).toHaveLength(5);
    // A completed job is not run again.
    expect(await queue.send('test-greet', { n: 1 }, { singletonKey: 'order-9', requeueFailed: true })).toBeNull();
    expect(await queue.drain({ includeDelayed: true })).toBe(0);
  });

  it('runs a job again soon when the instance that took it died, but not while its runner lives', async () => {
    const survivor = createJobQueue(t.database);
    opened.push(survivor);
    const runs: number[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    survivor.work<{ n: number }>(
      'test-held',
      async ({ n }) => {
        runs.push(n);
        if (n === 2) await held;
      },
      { retryDelaySeconds: 1 },
    );
    const lost = (await survivor.send('test-held', { n: 1 }))!;
    // What a killed instance leaves behind: the job taken 30 s ago, its heartbeat stopped.
    await t.database.executeSql(`update pgboss.job set state = 'active', started_on = now() - interval '30 seconds' where id = $1`, [lost]);
    await survivor.start({ pollIntervalMs: 200 });
    await expect.poll(() => runs, { timeout: 60_000, interval: 500 }).toEqual([1]);
    expect(await survivor.getJob('test-held', lost)).toMatchObject({ state: 'completed', retryCount: 1 });

    // A job whose runner is alive keeps its row alive past the liveness window's start.
    const alive = (await survivor.send('test-held', { n: 2 }))!;
    await expect.poll(() => runs, { timeout: 10_000 }).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    const { rows } = await t.database.executeSql(
      `select extract(epoch from (started_on + expire_in - now()))::float as left_seconds from pgboss.job where id = $1`,
      [alive],
    );
    expect(Number(rows[0]!.left_seconds)).toBeGreaterThan(10);
    release();
    await expect.poll(async () => (await survivor.getJob('test-held', alive))?.state, { timeout: 10_000 }).toBe('completed');
    expect(runs).toEqual([1, 2]);
  }, 90_000);

  it('runs a dead instance\'s job again within seconds of its liveness running out, with no backoff, however often it ran before (docs/decisions/0029)', async () => {
    const survivor = createJobQueue(t.database);
    opened.push(survivor);
    const runs: number[] = [];
    // The production policy: retries wait 5 s, doubling with each attempt.
    survivor.work<{ n: number }>('test-orphan', ({ n }) => {
      runs.push(n);
      return Promise.resolve();
    });
    const orphan = (await survivor.send('test-orphan', { n: 1 }))!;
    // Taken 17 s ago on its fourth attempt by an instance that died at once: no heartbeat
    // ever renewed it, so its 20 s of liveness run out 3 s from now.
    await t.database.executeSql(`update pgboss.job set state = 'active', retry_count = 3, started_on = now() - interval '17 seconds' where id = $1`, [orphan]);
    const started = Date.now();
    await survivor.start();
    await expect.poll(() => runs, { timeout: 20_000, interval: 100 }).toEqual([1]);
    const tookMs = Date.now() - started;
    expect(tookMs).toBeGreaterThan(2_000);
    // Out of liveness 3 s after the start, found by the next reclaim (every 5 s), woken at once.
    expect(tookMs).toBeLessThan(3_000 + 5_000 + 1_500);
    expect(await survivor.getJob('test-orphan', orphan)).toMatchObject({ state: 'completed', retryCount: 4 });
  }, 30_000);

  it('keeps a job across a restart: sent by one instance, run by the next', async () => {
    const before = instance();
    await before.queue.send('test-greet', { n: 42 });
    await before.queue.stop();

    const after = instance();
    expect(await after.queue.drain()).toBe(1);
    expect(after.runs).toEqual([{ n: 42, retryCount: 0 }]);
    expect(before.runs).toEqual([]);
  });

  it('runs jobs on started workers without being asked, and stops cleanly', async () => {
    const { queue, runs } = instance();
    await queue.start({ pollIntervalMs: 200 });
    await queue.send('test-greet', { n: 1 });
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBe(1);
    await queue.stop();
    await queue.send('test-greet', { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs).toHaveLength(1);
  });

  it('fetches again only for a full batch or a job sent meanwhile, not to find the queue empty', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { queue, runs } = instance(async ({ n }) => {
      if (n === 2) await held;
    });
    await queue.start({ pollIntervalMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const counter = countStatements(t.database);
    const fetches = () => counter.statements.filter((text) => text.includes('FOR UPDATE SKIP LOCKED')).length;

    await queue.send('test-greet', { n: 1 });
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetches()).toBe(1);

    // A job sent while the worker is busy runs right after, not at the next poll a minute on.
    await queue.send('test-greet', { n: 2 });
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBe(2);
    await queue.send('test-greet', { n: 3 });
    release();
    await expect.poll(() => runs.map(({ n }) => n), { timeout: 5_000 }).toEqual([1, 2, 3]);
  });

  it('never runs one job twice when several instances work the same queue', async () => {
    const seen: number[] = [];
    const slowly = async ({ n }: { n: number }) => {
      seen.push(n);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const instances = [instance(slowly), instance(slowly), instance(slowly)];
    for (let n = 0; n < 30; n++) await instances[n % 3]!.queue.send('test-greet', { n });
    await Promise.all(instances.map(({ queue }) => queue.start({ pollIntervalMs: 50 })));
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(30);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
  });
});
