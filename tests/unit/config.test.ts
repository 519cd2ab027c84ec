import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../src/server/config';

const refusal = (env: Record<string, string>) => {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('configuration (ARCHITECTURE D11)', () => {
  it('runs on defaults: port 5000, ./data, the embedded database and the demo providers', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 5000, DATA_DIR: './data', PUBLIC_URL: 'http://localhost:5000', TRUST_PROXY: false });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.NOWPAYMENTS_API_KEY).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('treats empty settings as absent, as .env.example leaves them', () => {
    expect(parseEnv({ DATABASE_URL: '', STRIPE_SECRET_KEY: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops on a bad value with one line naming the variable', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://db/store' }, 'DATABASE_URL'],
      [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
      [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
      [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_PUBLISHABLE_KEY'],
      [{ NOWPAYMENTS_API_KEY: 'key' }, 'NOWPAYMENTS_IPN_SECRET'],
      [{ XTREAM_PANEL_URL: 'http://panel.example' }, 'XTREAM_PANEL_API_KEY'],
    ];
    for (const [env, variable] of cases) {
      const message = refusal(env);
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
      expect(message).not.toContain('\n');
    }
  });

  it('generates the session secret once, keeps it in DATA_DIR readable by the owner only, and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    const file = path.join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.SESSION_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.embeddedDataDir).toBe(path.join(dataDir, 'pglite'));
  });

  it('uses a given session secret and PostgreSQL without touching the embedded database', () => {
    const config = loadConfig({ DATA_DIR: '/nonexistent/never-created', DATABASE_URL: 'postgres://db/store', SESSION_SECRET: 'x'.repeat(40) });
    expect(config.SESSION_SECRET).toBe('x'.repeat(40));
    expect(config.embeddedDataDir).toBeNull();
  });
});
