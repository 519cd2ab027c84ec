import { hash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { queryRows, withSetupLock, type Database, type DbOrTx } from '#server/db/connect';
import { DUE_AT_ONCE_SQL, DUE_AT_ONCE_START_AFTER } from './due-at-once';
import { reclaimLapsedJobs } from './reclaim';
import { repeatEvery, type Repeater } from './repeat';
import { waitingJobs } from './waiting';

/**
 * The durable job queue (ARCHITECTURE D10): pg-boss tables in the store's own database,
 * so a job is a row that survives restarts, is claimed with FOR UPDATE SKIP LOCKED (N
 * instances never run one job twice) and is retried with exponential backoff.
 *
 * pg-boss keeps the rows, retries, cron schedules and maintenance; this module runs the
 * workers itself so that stopping waits for the jobs in hand, a job is completed or
 * failed before the next is fetched, and tests can run due jobs at once (`drain`).
 */

export interface JobPolicy {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; each later retry waits about twice as long. */
  retryDelaySeconds: number;
  /** A run longer than this is stopped and counts as failed. */
  expireInSeconds: number;
  /** Jobs of this queue that one instance runs at the same time. */
  concurrency: number;
}

/**
 * Crash recovery (docs/decisions/0015, 0029): a running job's row is renewed every
 * JOB_HEARTBEAT_SECONDS to expire JOB_LIVENESS_SECONDS later; every started instance puts
 * expired jobs back to run at once every JOB_RECLAIM_SECONDS. So a job held by a dead
 * instance runs again on a survivor within 25 s of the death, whatever its time limit.
 * pg-boss's maintenance, run every MAINTENANCE_INTERVAL_SECONDS by one instance, fails
 * expired jobs with no attempt left and archives finished ones.
 */
export const JOB_HEARTBEAT_SECONDS = 5;
export const JOB_LIVENESS_SECONDS = 20;
const JOB_RECLAIM_SECONDS = 5;
export const MAINTENANCE_INTERVAL_SECONDS = 10;

/** Up to 15 retries from 5 s doubling to about 45 h: some 4 days of attempts in all. */
export const DEFAULT_JOB_POLICY: JobPolicy = { retryLimit: 15, retryDelaySeconds: 5, expireInSeconds: 300, concurrency: 4 };

export interface JobInfo {
  id: string;
  name: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SendOptions {
  /**
   * One job per key and queue: while a job sent with this key exists (waiting, retrying,
   * running, or finished less than 12 hours ago, until pg-boss archives it), sending
   * another does nothing.
   */
  singletonKey?: string;
  /**
   * With a singleton key: when the key's job ran out of attempts (failed) or was
   * cancelled, it is put back to run now with a fresh set of attempts.
   */
  requeueFailed?: boolean;
  /** Seconds before the job is due. */
  delaySeconds?: number;
}

/** The job id a singleton key stands for: pg-boss's (queue, id) primary key refuses a second. */
function singletonJobId(name: string, key: string): string {
  const hex = hash('sha256', `${name}\n${key}`, 'hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface StartOptions {
  /** How often an idle queue is polled; jobs sent by this instance start at once. */
  pollIntervalMs?: number;
}

/**
 * Idle polling finds jobs this instance was not told of: other instances' sends, retries
 * after their backoff, cron and delayed jobs. On PGlite no other instance exists, and each
 * poll of the ten queues waits its turn on the one connection that serves requests, so it
 * polls a fifth as often: a retry or a cron job starts up to 10 s late, a job sent here
 * still at once, and crash recovery stays within decision 0015's minute or so
 * (docs/decisions/0023).
 */
const IDLE_POLL_MS = { postgres: 2000, pglite: 10_000 } as const;

interface Schedule {
  cron: string;
  /** Also run once this many seconds after an instance starts (work a crash left behind). */
  afterStartSeconds?: number;
}

interface Registered {
  handler: JobHandler<never>;
  policy: JobPolicy;
}

/** A check a started instance runs itself every few seconds (see `every`). */
interface Check {
  seconds: number;
  task: () => Promise<void>;
}

interface Running {
  abort: AbortController;
  loops: Promise<void>[];
  /** pg-boss with maintenance and cron scheduling, run only by started instances. */
  timekeeper: PgBoss;
  /** The reclaim of dead instances' jobs and the registered checks. */
  repeaters: Repeater[];
}

const silentLogger: JobLogger = { info() {}, warn() {}, error() {} };

/** pg-boss's positional SQL ($1, $2::uuid) as a drizzle statement, to run it on a caller's transaction. */
function positionalSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null))));
}

/** pg-boss's `db` option: its statements run on the caller's transaction (or database). */
const onConnection = (tx: DbOrTx) => ({
  executeSql: async (text: string, values?: unknown[]) => ({ rows: await queryRows<Record<string, unknown>>(tx, positionalSql(text, values)) }),
});

export function createJobQueue(database: Database, { logger = silentLogger }: { logger?: JobLogger } = {}) {
  const registered = new Map<string, Registered>();
  const schedules = new Map<string, Schedule>();
  const checks = new Map<string, Check>();
  const wakers = new Map<string, () => void>();
  /** Queues sent to by this instance since their worker's last fetch began. */
  const sentSinceFetch = new Set<string>();
  let booting: Promise<PgBoss> | null = null;
  /** The pg-boss instance once `booting` has resolved. */
  let installed: PgBoss | null = null;
  let running: Running | null = null;

  const db = { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) };

  /**
   * Installs or upgrades pg-boss's tables and this store's queues under the start-up lock:
   * instances starting together on a new PostgreSQL database otherwise deadlock in
   * createQueue (docs/decisions/0015). The background instance also runs maintenance and cron.
   */
  async function openBoss(background: boolean): Promise<PgBoss> {
    const boss = new PgBoss({
      db,
      supervise: background,
      schedule: background,
      migrate: true,
      maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    });
    boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    await withSetupLock(database, async () => {
      await boss.start();
      if (background) return;
      for (const [name, { policy }] of registered) {
        const options = {
          name,
          policy: 'standard' as const,
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          retryBackoff: true,
          // The row's expiry is the liveness window that heartbeats renew, not the time limit.
          expireInSeconds: JOB_LIVENESS_SECONDS,
        };
        await boss.createQueue(name, options);
        await boss.updateQueue(name, options);
      }
    });
    return boss;
  }

  /** Keeps a running job's row alive: it expires JOB_LIVENESS_SECONDS after the last beat. */
  async function heartbeat(name: string, id: string): Promise<void> {
    await database.executeSql(
      `update pgboss.job set expire_in = (now() - started_on) + make_interval(secs => $3)
        where name = $1 and id = $2 and state = 'active'`,
      [name, id, JOB_LIVENESS_SECONDS],
    );
  }

  /** Installs pg-boss's tables on first use; sending works without started workers. */
  function core(): Promise<PgBoss> {
    booting ??= openBoss(false).then(
      (boss) => (installed = boss),
      (error: unknown) => {
        booting = null;
        throw error;
      },
    );
    return booting;
  }

  async function runJob(boss: PgBoss, name: string, entry: Registered, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const info: JobInfo = { id: job.id, name, retryCount: job.retryCount };
    let timer: NodeJS.Timeout | undefined;
    const beat = setInterval(() => {
      heartbeat(name, job.id).catch((error: unknown) => logger.warn({ job: info, err: error }, 'job heartbeat failed'));
    }, JOB_HEARTBEAT_SECONDS * 1000);
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`job ran longer than ${entry.policy.expireInSeconds} s`)), entry.policy.expireInSeconds * 1000);
      });
      await Promise.race([entry.handler(job.data as never, info), timeout]);
      await boss.complete(name, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ job: info, err: error }, `job ${name} failed; it is retried later unless it ran out of attempts`);
      await boss.fail(name, job.id, { message });
    } finally {
      clearTimeout(timer);
      clearInterval(beat);
    }
  }

  /** Claims up to `batchSize` due jobs of one queue and runs them; returns how many ran. */
  async function runBatch(name: string, entry: Registered, batchSize: number, ignoreStartAfter: boolean): Promise<number> {
    const boss = await core();
    const jobs = await boss.fetch<unknown>(name, { batchSize, includeMetadata: true, ignoreStartAfter });
    await Promise.all(jobs.map((job) => runJob(boss, name, entry, job)));
    return jobs.length;
  }

  function pause(name: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        wakers.delete(name);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
      wakers.set(name, done);
    });
  }

  async function workLoop(name: string, entry: Registered, pollIntervalMs: number, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      sentSinceFetch.delete(name);
      let ran = 0;
      try {
        ran = await runBatch(name, entry, entry.policy.concurrency, false);
      } catch (error) {
        logger.error({ err: error, queue: name }, 'job queue poll failed');
      }
      // A batch short of full took every job due when it was fetched, so fetching again at
      // once would mostly find nothing: it waits for a send or the next poll instead. On the
      // embedded database fetches were a quarter of its time, half of them empty
      // (docs/decisions/0026).
      const more = ran === entry.policy.concurrency || sentSinceFetch.has(name);
      if (!more && !signal.aborted) await pause(name, pollIntervalMs, signal);
    }
  }

  /** Starts a paused worker of the queue, or tells a busy one to fetch again after its batch. */
  function wake(name: string): void {
    sentSinceFetch.add(name);
    wakers.get(name)?.();
  }

  /** Puts the jobs of dead runners back and has this instance's workers of their queues fetch at once. */
  async function reclaim(): Promise<void> {
    for (const name of await reclaimLapsedJobs(database, [...registered.keys()], JOB_LIVENESS_SECONDS)) wake(name);
  }

  /**
   * Puts a singleton job that ran out of attempts or was cancelled back, with fresh
   * attempts, due after the delay (at once: see due-at-once.ts).
   */
  async function requeue(name: string, id: string, delaySeconds: number): Promise<string | null> {
    const { rows } = await database.executeSql(
      `update pgboss.job
          set state = 'retry', retry_count = 0, started_on = null, completed_on = null,
              start_after = ${DUE_AT_ONCE_SQL} + make_interval(secs => $3), output = null
        where name = $1 and id = $2 and state in ('failed', 'cancelled')
        returning id`,
      [name, id, delaySeconds],
    );
    return rows.length === 1 ? id : null;
  }

  return {
    /** Registers the handler of a queue; call before `start`. */
    work<T>(name: string, handler: JobHandler<T>, policy: Partial<JobPolicy> = {}): void {
      if (booting) throw new Error(`Register job handlers before the queue is used (${name})`);
      registered.set(name, { handler, policy: { ...DEFAULT_JOB_POLICY, ...policy } });
    },

    /**
     * Runs the queue's job on a cron schedule (UTC), once across all instances; with
     * `afterStartSeconds`, also once that long after each instance starts.
     */
    schedule(name: string, cron: string, { afterStartSeconds }: { afterStartSeconds?: number } = {}): void {
      if (!registered.has(name)) throw new Error(`No job handler for ${name}`);
      schedules.set(name, { cron, ...(afterStartSeconds === undefined ? {} : { afterStartSeconds }) });
    },

    /**
     * Runs `task` every `seconds` on each started instance, outside the queue: a cheap
     * look-up whose findings it sends as jobs, more often than cron's once a minute and
     * without leaving a job row per run (the sweep of recently paid orders, docs/decisions/0029).
     */
    every(name: string, seconds: number, task: () => Promise<void>): void {
      checks.set(name, { seconds, task });
    },

    /**
     * Adds a job; the id, or null when a job with the same singleton key is already
     * there (and, with `requeueFailed`, was not put back).
     */
    async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
      if (!registered.has(name)) throw new Error(`No job handler for ${name}`);
      const boss = await core();
      const { singletonKey, requeueFailed, delaySeconds } = options;
      const id = singletonKey ? singletonJobId(name, singletonKey) : undefined;
      const sent = await boss.send(name, data, {
        ...(id ? { id, singletonKey } : {}),
        startAfter: delaySeconds ? delaySeconds : DUE_AT_ONCE_START_AFTER,
      });
      const requeued = !sent && id && requeueFailed ? await requeue(name, id, delaySeconds ?? 0) : null;
      if (!delaySeconds) wake(name);
      return sent ?? requeued;
    },

    /**
     * Adds several jobs, of any queues, in one statement: what one event starts (a paid
     * order's provisioning and confirmation email) costs one round trip, not one per job
     * (docs/decisions/0023). A job whose singleton key is already there is skipped, as with
     * `send`; nothing is put back.
     */
    async sendAll(jobs: Array<{ name: string; data: object; singletonKey: string }>): Promise<void> {
      for (const { name } of jobs) if (!registered.has(name)) throw new Error(`No job handler for ${name}`);
      const boss = await core();
      await boss.insert(jobs.map(({ name, data, singletonKey }) => ({ name, data, singletonKey, id: singletonJobId(name, singletonKey), startAfter: DUE_AT_ONCE_START_AFTER })));
      for (const { name } of jobs) wake(name);
    },

    /**
     * Adds jobs inside the caller's transaction, so that they exist if and only if it
     * commits (an email and its delivery, docs/decisions/0028). Same singleton ids and
     * retry policies as `sendAll`. The queue must be ready (`ready()` at start-up): on
     * PGlite its installation could not run beside an open transaction. The worker is woken
     * at once; on PostgreSQL it may look before the commit and then finds the job at its
     * next poll (2 s).
     */
    async sendInTransaction(tx: DbOrTx, jobs: Array<{ name: string; data: object; singletonKey: string }>): Promise<void> {
      for (const { name } of jobs) if (!registered.has(name)) throw new Error(`No job handler for ${name}`);
      if (!installed) throw new Error('The job queue is not ready: call jobs.ready() at start-up');
      await installed.insert(
        jobs.map(({ name, data, singletonKey }) => ({ name, data, singletonKey, id: singletonJobId(name, singletonKey), startAfter: DUE_AT_ONCE_START_AFTER })),
        { db: onConnection(tx) },
      );
      for (const { name } of jobs) wake(name);
    },

    /** Installs pg-boss's tables and this store's queues now rather than at the first send. */
    async ready(): Promise<void> {
      await core();
    },

    /** Starts this instance's workers, maintenance and cron schedules. */
    async start(options: StartOptions = {}): Promise<void> {
      if (running) return;
      await core();
      const timekeeper = await openBoss(true);
      for (const [name, { cron, afterStartSeconds }] of schedules) {
        await timekeeper.schedule(name, cron);
        if (afterStartSeconds !== undefined) await timekeeper.send(name, {}, { startAfter: afterStartSeconds });
      }
      const abort = new AbortController();
      // Every queue's loop waits on this one signal, so past ten queues Node would warn of a leak that is not one.
      setMaxListeners(registered.size + 1, abort.signal);
      const pollIntervalMs = options.pollIntervalMs ?? IDLE_POLL_MS[database.kind];
      const loops = [...registered].map(([name, entry]) => workLoop(name, entry, pollIntervalMs, abort.signal));
      const failed = (name: string) => (error: unknown) => logger.warn({ err: error, check: name }, `${name} failed; it runs again shortly`);
      const repeaters = [
        // At once too: jobs a crash of this instance left in hand may be out of liveness already.
        repeatEvery(JOB_RECLAIM_SECONDS * 1000, reclaim, failed('reclaiming the jobs of dead runners'), { runNow: true }),
        ...[...checks].map(([name, { seconds, task }]) => repeatEvery(seconds * 1000, task, failed(name))),
      ];
      running = { abort, loops, timekeeper, repeaters };
      logger.info({ queues: [...registered.keys()] }, 'job workers started');
    },

    /** Stops fetching, waits for the jobs in hand, then releases pg-boss (not the database). */
    async stop(): Promise<void> {
      const current = running;
      running = null;
      if (current) {
        await Promise.all(current.repeaters.map((repeater) => repeater.stop()));
        current.abort.abort();
        await Promise.all(current.loops);
        await current.timekeeper.stop({ graceful: false, close: false });
      }
      const boss = booting;
      booting = null;
      installed = null;
      if (boss) await (await boss.catch(() => null))?.stop({ graceful: false, close: false });
    },

    /**
     * Runs every due job now, including jobs that the ones run send, until none is left;
     * returns how many ran. `includeDelayed` also runs retries still waiting for their
     * backoff. For tests and one-off maintenance; started workers need no call.
     */
    async drain({ includeDelayed = false }: { includeDelayed?: boolean } = {}): Promise<number> {
      let total = 0;
      for (let round = 0; round < 1000; round++) {
        let ran = 0;
        for (const [name, entry] of registered) ran += await runBatch(name, entry, 10, includeDelayed);
        if (ran === 0) return total;
        total += ran;
      }
      throw new Error('drain() gave up: jobs keep coming');
    },

    /** Due jobs not yet taken, by queue, each queue with a handler here included: for the metrics (decision 0091). */
    waitingByQueue: () => waitingJobs(database, [...registered.keys()]),

    /** A job as pg-boss keeps it (state, retry count, output), for tests and diagnostics. */
    async getJob(name: string, id: string) {
      return (await core()).getJobById<unknown>(name, id, { includeArchive: true });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
