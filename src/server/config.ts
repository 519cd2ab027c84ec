import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { canonicalTimeZone, DEFAULT_STORE_TIME_ZONE } from '#domain/store-time';

/**
 * Every setting the store reads from the environment (ARCHITECTURE D11). Optional
 * provider settings left empty select the demo provider; `.env.example` documents each.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
const flag = z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')).transform((v) => v === 'true');

/**
 * Which connections may name the client in X-Forwarded-For: none, a hop count (1 behind one
 * reverse proxy), or a list of the proxies' addresses and CIDR ranges. 'true' is refused:
 * it believes whatever address a client writes there, which passes every per-address limit.
 */
const trustProxySetting = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .default('false')
    .transform((text, ctx): false | number | string[] => {
      const value = text.trim();
      if (value === 'false' || value === '0') return false;
      if (/^\d{1,2}$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      const wrong = value === 'true' ? 'true' : entries.find((entry) => !isProxyAddress(entry));
      if (wrong === undefined) return entries;
      ctx.addIssue({
        code: 'custom',
        message:
          wrong === 'true'
            ? 'must be a hop count (1 behind one reverse proxy) or a list of proxy addresses, not true: true believes any X-Forwarded-For a client sends'
            : `must be false, a hop count or a comma-separated list of proxy addresses or CIDR ranges ("${wrong}" is none of these)`,
      });
      return z.NEVER;
    }),
);

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 treats a bare number as "trust no one", so a
 * hop count becomes proxy-addr's hop test: the nearest `count` hops are proxies.
 */
export function trustProxyOption(setting: false | number | string[]) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** proxy-addr's names of ranges, an IPv4 or IPv6 address, or either with a /prefix. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** http://localhost, http://127.x.x.x or http://[::1]: a store only its own machine can reach. */
export function isLoopbackHttpUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname));
}

/** Demo payment providers may run: asked for, or a store no customer can reach (D7, D11). */
export const demoProvidersAllowed = (env: Pick<Env, 'DEMO_MODE' | 'PUBLIC_URL'>) => env.DEMO_MODE || isLoopbackHttpUrl(env.PUBLIC_URL);

/** Every interface: a public store, or one behind a proxy on another machine. */
const ALL_INTERFACES = '0.0.0.0';

/**
 * Where the server listens: HOST when set. Otherwise, a store whose demo payments run only
 * because PUBLIC_URL is a loopback address listens on that address's host (`localhost`
 * binds both 127.0.0.1 and ::1), so that no other machine can pay with the demo card (D7);
 * any other store on every interface.
 */
export function listenHost(env: Pick<Env, 'HOST' | 'DEMO_MODE' | 'PUBLIC_URL'>): string {
  if (env.HOST) return env.HOST;
  if (env.DEMO_MODE || !isLoopbackHttpUrl(env.PUBLIC_URL)) return ALL_INTERFACES;
  return new URL(env.PUBLIC_URL).hostname.replace(/^\[(.*)\]$/, '$1');
}

const REAL_PAYMENT_SETTINGS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'NOWPAYMENTS_API_KEY', 'NOWPAYMENTS_IPN_SECRET'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** Absent: chosen by listenHost from PUBLIC_URL and DEMO_MODE. */
  HOST: optionalText,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Named prepared statements, on PostgreSQL and PGlite (docs/decisions/0025, 0026); false behind a pooler that cannot keep them, such as PgBouncer before 1.21 in transaction mode. */
  DATABASE_PREPARED_STATEMENTS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')).transform((v) => v === 'true'),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: z.url().default('http://localhost:5000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting,
  /** Lets the demo card and crypto providers take payments on a store customers can reach. */
  DEMO_MODE: flag,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  NOWPAYMENTS_API_KEY: optionalText,
  NOWPAYMENTS_IPN_SECRET: optionalText,
  NOWPAYMENTS_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.nowpayments.io')),
  XTREAM_SERVER_URL: z.preprocess(emptyAsUndefined, z.url().default('http://line.streamplus.tv')),
  XTREAM_PANEL_URL: optionalUrl,
  XTREAM_PANEL_API_KEY: optionalText,
  /** Comma-separated bouquet ids every new panel line gets. */
  XTREAM_PANEL_BOUQUETS: optionalText,
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: z.string().default('StreamPlus <no-reply@streamplus.tv>'),
  /** The store's time zone, an IANA name: the admin's days, months and times (decision 0034). */
  STORE_TIME_ZONE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(DEFAULT_STORE_TIME_ZONE)
      .transform((name, ctx) => {
        const zone = canonicalTimeZone(name.trim());
        if (zone) return zone;
        ctx.addIssue({ code: 'custom', message: `must be an IANA time zone name such as Pacific/Auckland, America/New_York or UTC (${JSON.stringify(name)} is not one)` });
        return z.NEVER;
      }),
  ),
  /** Days a lapsed paid subscription's lines keep working before the renewal pass suspends them (decision 0046). */
  GRACE_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(30).default(3)),
  /** Where the panel's alerts are emailed (decision 0093): unreachable for 5 minutes, credits out within 3 days, and each recovery. None: no alert email. */
  ALERT_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an email address').optional()),
  /**
   * The store's Telegram bot (decisions 0093, 0103): customers link their chats, and the owner's
   * alerts go to TELEGRAM_CHAT_ID when set. Unset: no Telegram; `demo`: the demo twin, which posts nothing.
   */
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_CHAT_ID: optionalText,
  /** The secret Telegram sends with each update (X-Telegram-Bot-Api-Secret-Token); absent: derived from SESSION_SECRET and the token. */
  TELEGRAM_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 letters, digits, _ or -').optional()),
  TELEGRAM_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.telegram.org')),
  /** Where one instance writes a backup every BACKUP_EVERY_HOURS; none makes no scheduled backups (decision 0090). */
  BACKUP_DIR: optionalText,
  BACKUP_EVERY_HOURS: z.preprocess(emptyAsUndefined, z.coerce.number().int('must be a whole number of hours').min(1, 'must be at least 1').max(8760, 'must be at most 8760 (a year)').default(24)),
  /** The newest scheduled backups kept in BACKUP_DIR; older ones it made are deleted. */
  BACKUP_KEEP: z.preprocess(emptyAsUndefined, z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(7)),
  /** The administrator made or updated at start-up; both or neither. */
  ADMIN_USERNAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(100).optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(12, 'must be at least 12 characters').max(256).optional()),
  /** Lets a scraper on another machine read /metrics with `Authorization: Bearer <token>`; loopback needs none (decision 0091). */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** Requests are shed (503) while the event loop's mean delay passes this many milliseconds; 0 turns it off (decision 0091). */
  SHED_EVENT_LOOP_DELAY_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(1000)),
  /** Requests are shed (503) while the JavaScript heap in use passes this many MB; absent: 90 % of V8's heap limit; 0 turns it off (decision 0091). */
  SHED_HEAP_USED_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).optional()),
}).superRefine((env, ctx) => {
  // A public store without payment settings would take the demo card's 4242 as payment.
  const missingPayments = REAL_PAYMENT_SETTINGS.filter((key) => !env[key]);
  if (missingPayments.length > 0 && !demoProvidersAllowed(env)) {
    const verb = missingPayments.length === 1 ? 'is' : 'are';
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: `${missingPayments.join(', ')} ${verb} required: PUBLIC_URL ${env.PUBLIC_URL} is not a local http address, so the demo payment providers are off (DEMO_MODE=true turns them on)`,
    });
    return;
  }
  // Without the secret no IPN could be verified, so paid crypto orders would never complete.
  if (env.NOWPAYMENTS_API_KEY && !env.NOWPAYMENTS_IPN_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['NOWPAYMENTS_IPN_SECRET'], message: 'is required when NOWPAYMENTS_API_KEY is set' });
  }
  // Half a panel setup would silently fall back to the built-in credential generator.
  if (Boolean(env.XTREAM_PANEL_URL) !== Boolean(env.XTREAM_PANEL_API_KEY)) {
    const missing = env.XTREAM_PANEL_URL ? 'XTREAM_PANEL_API_KEY' : 'XTREAM_PANEL_URL';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other XTREAM_PANEL_* setting is set' });
  }
  // A staff chat without a bot would silently post no alert; a bot without a staff chat still serves customers (decision 0103).
  if (env.TELEGRAM_CHAT_ID && !env.TELEGRAM_BOT_TOKEN) {
    ctx.addIssue({ code: 'custom', path: ['TELEGRAM_BOT_TOKEN'], message: 'is required when TELEGRAM_CHAT_ID is set' });
  }
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    const missing = env.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other ADMIN_* setting is set' });
  }
  // Half a Stripe setup would silently fall back to the demo card provider.
  const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  const missing = stripeKeys.filter((key) => !env[key]);
  if (missing.length > 0 && missing.length < stripeKeys.length) {
    ctx.addIssue({ code: 'custom', path: [missing[0]!], message: 'is required when any STRIPE_* setting is set (all three, or none for the demo card provider)' });
  }
});

export type Env = z.infer<typeof envSchema>;
export interface Config extends Env {
  SESSION_SECRET: string;
  /** PGlite's folder, or null for an in-memory database (tests). */
  embeddedDataDir: string | null;
}

export class ConfigError extends Error {}

/** Validates the environment; a bad value throws one line naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const subject = issue.path.length > 0 ? `${issue.path.join('.')} ` : '';
    throw new ConfigError(`Invalid configuration: ${subject}${issue.message}`);
  }
  return result.data;
}

/** Reads the environment and fills in the session secret kept in DATA_DIR when absent. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const needsDataDir = !env.DATABASE_URL || !env.SESSION_SECRET;
  if (needsDataDir) mkdirSync(dataDir, { recursive: true });
  return {
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? keptSessionSecret(dataDir),
    embeddedDataDir: env.DATABASE_URL ? null : path.join(dataDir, 'pglite'),
  };
}

function keptSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Already there (an earlier start, or an instance that started at the same moment).
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
