import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { JOB_QUEUE_SETUP_LOCK_ID, underStartupLock, type Database } from '#server/db/connect';

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
  /** A job running longer counts as failed, so a job held by a crashed instance comes back. */
  expireInSeconds: number;
  /** Jobs of this queue that one instance runs at the same time. */
  concurrency: number;
}

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
}

/** The job id a singleton key stands for: pg-boss's (queue, id) primary key refuses a second. */
function singletonJobId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\n${key}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface StartOptions {
  /** How often an idle queue is polled; jobs sent by this instance start at once. */
  pollIntervalMs?: number;
}

interface Registered {
  handler: JobHandler<never>;
  policy: JobPolicy;
}

interface Running {
  abort: AbortController;
  loops: Promise<void>[];
  /** pg-boss with maintenance and cron scheduling, run only by started instances. */
  timekeeper: PgBoss;
}

const silentLogger: JobLogger = { info() {}, warn() {}, error() {} };

export function createJobQueue(database: Database, { logger = silentLogger }: { logger?: JobLogger } = {}) {
  const registered = new Map<string, Registered>();
  const schedules = new Map<string, string>();
  const wakers = new Map<string, () => void>();
  let booting: Promise<PgBoss> | null = null;
  let running: Running | null = null;

  const db = { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) };

  async function openBoss(background: boolean): Promise<PgBoss> {
    const boss = new PgBoss({ db, supervise: background, schedule: background, migrate: true });
    boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    // Instances starting together on one PostgreSQL deadlock in pg-boss's schema and queue
    // creation, so they take turns.
    await underStartupLock(database, JOB_QUEUE_SETUP_LOCK_ID, async () => {
      await boss.start();
      for (const [name, { policy }] of registered) {
        const options = {
          name,
          policy: 'standard' as const,
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: policy.expireInSeconds,
        };
        await boss.createQueue(name, options);
        await boss.updateQueue(name, options);
      }
    });
    return boss;
  }

  /** Installs pg-boss's tables on first use; sending works without started workers. */
  function core(): Promise<PgBoss> {
    booting ??= openBoss(false).catch((error) => {
      booting = null;
      throw error;
    });
    return booting;
  }

  async function runJob(boss: PgBoss, name: string, entry: Registered, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const info: JobInfo = { id: job.id, name, retryCount: job.retryCount };
    let timer: NodeJS.Timeout | undefined;
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
      let ran = 0;
      try {
        ran = await runBatch(name, entry, entry.policy.concurrency, false);
      } catch (error) {
        logger.error({ err: error, queue: name }, 'job queue poll failed');
      }
      if (ran === 0 && !signal.aborted) await pause(name, pollIntervalMs, signal);
    }
  }

  return {
    /** Registers the handler of a queue; call before `start`. */
    work<T>(name: string, handler: JobHandler<T>, policy: Partial<JobPolicy> = {}): void {
      if (booting) throw new Error(`Register job handlers before the queue is used (${name})`);
      registered.set(name, { handler: handler as JobHandler<never>, policy: { ...DEFAULT_JOB_POLICY, ...policy } });
    },

    /** Runs the queue's job on a cron schedule (UTC), once across all instances. */
    schedule(name: string, cron: string): void {
      if (!registered.has(name)) throw new Error(`No job handler for ${name}`);
      schedules.set(name, cron);
    },

    /** Adds a job; the id, or null when a job with the same singleton key is already waiting. */
    async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
      if (!registered.has(name)) throw new Error(`No job handler for ${name}`);
      const boss = await core();
      const id = await boss.send(name, data, options.singletonKey ? { id: singletonJobId(name, options.singletonKey), singletonKey: options.singletonKey } : {});
      wakers.get(name)?.();
      return id;
    },

    /** Starts this instance's workers, maintenance and cron schedules. */
    async start(options: StartOptions = {}): Promise<void> {
      if (running) return;
      await core();
      const timekeeper = await openBoss(true);
      for (const [name, cron] of schedules) await timekeeper.schedule(name, cron);
      const abort = new AbortController();
      const pollIntervalMs = options.pollIntervalMs ?? 2000;
      const loops = [...registered].map(([name, entry]) => workLoop(name, entry, pollIntervalMs, abort.signal));
      running = { abort, loops, timekeeper };
      logger.info({ queues: [...registered.keys()] }, 'job workers started');
    },

    /** Stops fetching, waits for the jobs in hand, then releases pg-boss (not the database). */
    async stop(): Promise<void> {
      const current = running;
      running = null;
      if (current) {
        current.abort.abort();
        await Promise.all(current.loops);
        await current.timekeeper.stop({ graceful: false, close: false });
      }
      const boss = booting;
      booting = null;
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

    /** A job as pg-boss keeps it (state, retry count, output), for tests and diagnostics. */
    async getJob(name: string, id: string) {
      return (await core()).getJobById<unknown>(name, id, { includeArchive: true });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
