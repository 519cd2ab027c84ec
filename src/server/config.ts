import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the store reads from the environment (ARCHITECTURE D11). Optional
 * provider settings left empty select the demo provider; `.env.example` documents each.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: z.url().default('http://localhost:5000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')).transform((v) => v === 'true'),
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
}).superRefine((env, ctx) => {
  // Without the secret no IPN could be verified, so paid crypto orders would never complete.
  if (env.NOWPAYMENTS_API_KEY && !env.NOWPAYMENTS_IPN_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['NOWPAYMENTS_IPN_SECRET'], message: 'is required when NOWPAYMENTS_API_KEY is set' });
  }
  // Half a panel setup would silently fall back to the built-in credential generator.
  if (Boolean(env.XTREAM_PANEL_URL) !== Boolean(env.XTREAM_PANEL_API_KEY)) {
    const missing = env.XTREAM_PANEL_URL ? 'XTREAM_PANEL_API_KEY' : 'XTREAM_PANEL_URL';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other XTREAM_PANEL_* setting is set' });
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
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
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
