import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configRefusal } from '../support/config';
import { listenHost, loadConfig, parseEnv } from '../../src/server/config';


describe('configuration (ARCHITECTURE D11)', () => {
  it('runs on defaults: port 5000, ./data, the embedded database and the demo providers', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 5000, DATA_DIR: './data', PUBLIC_URL: 'http://localhost:5000', TRUST_PROXY: false, DATABASE_PREPARED_STATEMENTS: true });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.NOWPAYMENTS_API_KEY).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('turns named prepared statements off with DATABASE_PREPARED_STATEMENTS=false, for a pooler that cannot keep them', () => {
    expect(parseEnv({ DATABASE_PREPARED_STATEMENTS: 'false' }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(configRefusal({ DATABASE_PREPARED_STATEMENTS: 'no' })).toContain('DATABASE_PREPARED_STATEMENTS');
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
      [{ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'eleven-char' }, 'ADMIN_PASSWORD'],
      [{ ADMIN_USERNAME: 'owner' }, 'ADMIN_PASSWORD'],
      [{ ADMIN_PASSWORD: 'twelve-chars' }, 'ADMIN_USERNAME'],
      [{ ALERT_EMAIL: 'owner at example.com' }, 'ALERT_EMAIL'],
      [{ TELEGRAM_BOT_TOKEN: '123456:ABC', TELEGRAM_WEBHOOK_SECRET: 'short' }, 'TELEGRAM_WEBHOOK_SECRET'],
      [{ TELEGRAM_CHAT_ID: '-1001234' }, 'TELEGRAM_BOT_TOKEN'],
      [{ TELEGRAM_API_URL: 'not a url' }, 'TELEGRAM_API_URL'],
    ];
    for (const [env, variable] of cases) {
      const message = configRefusal(env);
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
      expect(message).not.toContain('\n');
    }
  });

  it('takes STORE_TIME_ZONE as an IANA name, UTC by default, and refuses anything else with one line naming it', () => {
    expect(parseEnv({}).STORE_TIME_ZONE).toBe('UTC');
    expect(parseEnv({ STORE_TIME_ZONE: '' }).STORE_TIME_ZONE).toBe('UTC');
    expect(parseEnv({ STORE_TIME_ZONE: 'Pacific/Auckland' }).STORE_TIME_ZONE).toBe('Pacific/Auckland');
    expect(parseEnv({ STORE_TIME_ZONE: 'america/new_york' }).STORE_TIME_ZONE).toBe('America/New_York');
    // A current name Intl maps to an older one stays as written.
    expect(parseEnv({ STORE_TIME_ZONE: 'America/Argentina/Buenos_Aires' }).STORE_TIME_ZONE).toBe('America/Argentina/Buenos_Aires');
    expect(parseEnv({ STORE_TIME_ZONE: 'Asia/Kolkata' }).STORE_TIME_ZONE).toBe('Asia/Kolkata');
    expect(configRefusal({ STORE_TIME_ZONE: 'Mars/Olympus_Mons' })).toBe(
      'Invalid configuration: STORE_TIME_ZONE must be an IANA time zone name such as Pacific/Auckland, America/New_York or UTC ("Mars/Olympus_Mons" is not one)',
    );
    // PostgreSQL and Intl read a POSIX offset's sign the opposite ways round: refused, as are bare offsets.
    for (const zone of ['UTC+5', 'EST5EDT', '+12:00', 'Pacific/Auckland\nx']) expect(configRefusal({ STORE_TIME_ZONE: zone })).toMatch(/^Invalid configuration: STORE_TIME_ZONE must be /);
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses true', () => {
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,fd00::/8, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    expect(configRefusal({ TRUST_PROXY: 'true' })).toBe(
      'Invalid configuration: TRUST_PROXY must be a hop count (1 behind one reverse proxy) or a list of proxy addresses, not true: true believes any X-Forwarded-For a client sends',
    );
    expect(configRefusal({ TRUST_PROXY: '10.0.0.2, proxy.example' })).toMatch(/^Invalid configuration: TRUST_PROXY .*"proxy\.example"/);
    expect(configRefusal({ TRUST_PROXY: '10.0.0.0/33' })).toMatch(/^Invalid configuration: TRUST_PROXY /);
  });

  describe('demo payment providers', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    const nowPayments = { NOWPAYMENTS_API_KEY: 'key', NOWPAYMENTS_IPN_SECRET: 'ipn-secret' };

    it('run on a store only its own machine reaches', () => {
      for (const url of ['http://localhost:5000', 'http://127.0.0.1:4100', 'http://127.1.2.3', 'http://[::1]:5000']) {
        expect(parseEnv({ PUBLIC_URL: url }).DEMO_MODE).toBe(false);
      }
    });

    it('stop start-up of a public store with one line naming every missing payment setting', () => {
      for (const url of ['https://shop.example.com', 'http://shop.example.com', 'http://192.168.1.5:5000', 'https://localhost']) {
        const message = configRefusal({ PUBLIC_URL: url });
        expect(message).toBe(
          `Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET are required: PUBLIC_URL ${url} is not a local http address, so the demo payment providers are off (DEMO_MODE=true turns them on)`,
        );
      }
      expect(configRefusal({ PUBLIC_URL: 'https://shop.example.com', ...stripe })).toMatch(
        /^Invalid configuration: NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET are required: /,
      );
      expect(configRefusal({ PUBLIC_URL: 'https://shop.example.com', ...nowPayments, STRIPE_SECRET_KEY: 'sk_live_1' })).toMatch(
        /^Invalid configuration: STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET are required: /,
      );
    });

    it('keep the server on its own machine: it listens on PUBLIC_URL\'s loopback host unless HOST is set', () => {
      expect(listenHost(parseEnv({}))).toBe('localhost');
      expect(listenHost(parseEnv({ PUBLIC_URL: 'http://127.0.0.1:5501' }))).toBe('127.0.0.1');
      expect(listenHost(parseEnv({ PUBLIC_URL: 'http://[::1]:5000' }))).toBe('::1');
      expect(listenHost(parseEnv({ PUBLIC_URL: 'http://127.0.0.1:5501', HOST: '' }))).toBe('127.0.0.1');
      // Asked for: a container publishing the port, or a proxy on another machine.
      expect(listenHost(parseEnv({ PUBLIC_URL: 'http://127.0.0.1:5501', HOST: '0.0.0.0' }))).toBe('0.0.0.0');
      // A demonstration store takes demo payments from anywhere, as does any public store.
      expect(listenHost(parseEnv({ PUBLIC_URL: 'http://127.0.0.1:5501', DEMO_MODE: 'true' }))).toBe('0.0.0.0');
      expect(listenHost(parseEnv({ PUBLIC_URL: 'https://shop.example.com', DEMO_MODE: 'true' }))).toBe('0.0.0.0');
      expect(listenHost(parseEnv({ PUBLIC_URL: 'https://shop.example.com', ...stripe, ...nowPayments }))).toBe('0.0.0.0');
    });

    it('run on a public store only with DEMO_MODE=true', () => {
      expect(parseEnv({ PUBLIC_URL: 'https://shop.example.com', DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
      expect(parseEnv({ PUBLIC_URL: 'https://shop.example.com', ...stripe, ...nowPayments }).DEMO_MODE).toBe(false);
      expect(configRefusal({ DEMO_MODE: 'yes' })).toMatch(/^Invalid configuration: DEMO_MODE /);
    });
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
