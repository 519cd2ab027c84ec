import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RegisteredRoute } from '../../src/server/app';
import { signInAdmin } from '../support/admins';
import { checkoutForm, intentIdOf, postCheckout, seededPackages, shippingFields } from '../support/checkout';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { loginCustomer, registerCustomer } from '../support/customers';
import { rawRequest } from '../support/raw-http';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * A property-based fuzz of every /api route, read from Fastify's own route list so that a
 * route added later is fuzzed too. Each route gets generated requests: bodies, path
 * parameters and queries shaped by its own schema (to get past the first check and reach
 * the database), the same with one field spoiled, and wild JSON, raw bytes and headers. They
 * are sent anonymously, as a customer and as an admin. What must hold for every one:
 *  - the status is below 500;
 *  - a 4xx answers JSON `{ message }` with a message written for people, no stack trace;
 *  - a refused request (4xx) changed no stored row.
 *
 * Reproducible by default (fixed seed; FUZZ_SEED to change it); FUZZ_RUNS sets the
 * requests per route and caller (longer runs), within FUZZ_BUDGET_MS per caller.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);
/** Routes that take no input, or whose guard answers before it (admin routes for other callers), need fewer. */
const RUNS_PER_CLOSED_ROUTE = Math.ceil(RUNS_PER_ROUTE / 5);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? (process.env.FUZZ_RUNS ? 600_000 : 22_000));

type Json = unknown;
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/** A route's schema part (zod) as JSON Schema of its input, or nothing when it has none we can read. */
function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

// ---- Attack values -------------------------------------------------------------------

/** Strings that have broken stores: traversal, encodings, injection, invisible and odd Unicode. */
const NASTY_STRINGS = [
  '',
  ' ',
  '..',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  "'; drop table orders; --",
  "' or '1'='1",
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\nSet-Cookie: x=1',
  '\u202egnp.exe',
  '\u200b\u200d\ufeff',
  '\ud800',
  '\udfff\ud800',
  '\uffff',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '😀👨‍👩‍👧‍👦',
  'İıſK',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999999',
  '0x7fffffff',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'x'.repeat(256),
  'x'.repeat(10_000),
  'é'.repeat(5_000),
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1_000, maxLength: 70_000 }) },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, -Number.MAX_VALUE, Number.MAX_VALUE, 1e-300),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Objects with keys that pollute prototypes or clash with built-ins. */
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** Any JSON value, deep and odd: what a fuzzer sends where an object was expected. */
const wildJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...POLLUTING_KEYS), fc.string({ maxLength: 12 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Nesting deeper than any schema expects. */
const deepNesting = fc.integer({ min: 50, max: 3_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));

/** Raw bodies that are not the JSON they claim to be, or not JSON at all. */
const rawBody = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    'null',
    '"just a string"',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1,"a":2}',
    '\u0000',
    '[]',
    '1e999999',
    // Over the 64 KiB body limit.
    JSON.stringify({ text: 'x'.repeat(70_000) }),
  ),
  deepNesting,
  fc.string({ unit: 'binary', maxLength: 200 }),
);

// ---- Values shaped by a route's schema -------------------------------------------------

/**
 * Values of the running store that get requests past its lookups: the seeded package ids
 * and coupon codes by field name, and the ids, codes and tokens its answers have named
 * (an order id from a checkout, say), which later requests reuse.
 */
interface KnownValues {
  byField: Array<[RegExp, string[]]>;
  /** Values answers named, by the key they came under ('orderId', 'paymentId'...). */
  answered: Map<string, Set<string>>;
}

const NAMES_AN_ID = /id$|code|token|secret/i;

function remember(known: KnownValues, key: string, value: string) {
  const values = known.answered.get(key) ?? new Set<string>();
  if (values.size < 20) values.add(value);
  known.answered.set(key, values);
}

/** Keeps the ids, codes and tokens an answer names, for the requests that follow. */
function harvest(known: KnownValues, json: unknown, key = '') {
  if (typeof json === 'string' && NAMES_AN_ID.test(key) && json.length <= 200) remember(known, key, json);
  else if (Array.isArray(json)) json.slice(0, 5).forEach((item) => harvest(known, item, key));
  else if (json && typeof json === 'object') for (const [name, value] of Object.entries(json)) harvest(known, value, name);
}

/**
 * A generator of the strings a pattern accepts. fast-check's does not read Unicode classes,
 * so letters and marks stand for \p{L} and \p{M}.
 */
function stringMatching(pattern: string): fc.Arbitrary<string> | undefined {
  const readable = pattern.replaceAll('\\p{L}', 'a-zA-ZÀ-ÖØ-öø-ÿĀ-ſА-яא-ת一-龥').replaceAll('\\p{M}', '\u0300-\u036f');
  try {
    return fc.stringMatching(new RegExp(readable));
  } catch {
    return undefined;
  }
}

/** Valid spellings of the fields every form has, in many scripts and forms, by field name. */
const FIELD_SAMPLES: Array<[RegExp, string[]]> = [
  [/email/i, ['ada@example.com', 'Ada.Lovelace+store@Example.COM', 'a.d.a@googlemail.com', 'x@xn--mller-kva.example', 'ada1@example.com']],
  [/name/i, ['Ada', 'Zoë', 'O’Brien', "D'Arcy", 'Jean-Luc', 'Łukasz', 'Ñandú', 'Алиса', 'محمد', '李', 'J. R. R.']],
  [/phone/i, ['+1 555 0100', '555-0100', '']],
  [/amount|price|value|discount/i, ['0', '0.01', '15.99', '155.98', '10000', '99999999.99', '0.5']],
  [/zip/i, ['10001', 'K1A 0B1']],
  [/count/i, ['1', '2', '4']],
  [/password/i, ['analytical-engine']],
  [/timeZone/, ['America/New_York', 'Asia/Tokyo', 'UTC', 'Mars/Olympus']],
  [/^mac$/i, ['00:1A:79:12:34:56', '00-1a-79-ab-cd-ef', '001A79000000']],
  [/id$/i, ['SP-1-000001', 'pi_123', '5077125051', '3f0c9f8e-6a1e-4a8e-9f7e-2b1d7c3a9e10']],
];

/** A string the field accepts, or nearly: from the store's own values, the field's name, format or pattern. */
function shapedString(schema: JsonSchema, key: string, known: KnownValues): fc.Arbitrary<string> {
  const options: fc.WeightedArbitrary<string>[] = [];
  const samples = [...known.byField, ...FIELD_SAMPLES].find(([name]) => name.test(key))?.[1];
  if (samples) options.push({ weight: 6, arbitrary: fc.constantFrom(...samples) });
  // A field gets the values answered under its own name most, and any other id now and then.
  const sameName = [...(known.answered.get(key) ?? [])];
  const anyId = [...known.answered.values()].flatMap((values) => [...values]);
  if (sameName.length) options.push({ weight: 8, arbitrary: fc.constantFrom(...sameName) });
  if (NAMES_AN_ID.test(key) && anyId.length) options.push({ weight: 2, arbitrary: fc.constantFrom(...anyId) });
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter((p): p is string => !!p);
  const matching = patterns.length ? stringMatching(patterns[patterns.length - 1]!) : undefined;
  const maxLength = Math.min(schema.maxLength ?? 60, 200);
  const fitting = (text: string) => text.length >= (schema.minLength ?? 0) && text.length <= maxLength;
  if (schema.format === 'uuid') options.push({ weight: 2, arbitrary: fc.uuid() });
  else if (schema.format === 'email') options.push({ weight: 2, arbitrary: fc.emailAddress() });
  else if (matching) options.push({ weight: 2, arbitrary: matching.filter(fitting) });
  else options.push({ weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength }) });
  if (schema.maxLength !== undefined) options.push({ weight: 1, arbitrary: fc.constant('x'.repeat(schema.maxLength)) });
  return fc.oneof(...options);
}

function shapedNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const bounds = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined);
  const inRange = integer
    ? fc.integer({ min: Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER), max: Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min: schema.minimum ?? -1e12, max: schema.maximum ?? 1e12, noNaN: true });
  return fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 10 }) }, { weight: 1, arbitrary: inRange }, ...bounds.map((n) => fc.constant(n)));
}

/** A value of the schema's shape: mostly valid, often at the edges, so that requests get past the first check. */
function shapedValue(schema: JsonSchema | undefined, key: string, known: KnownValues, depth = 0): fc.Arbitrary<Json> {
  if (!schema || depth > 4) return wildJson;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((part) => shapedValue(part, key, known, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = [schema.type ?? []].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => shapedValue({ ...schema, type }, key, known, depth + 1)));
  switch (types[0]) {
    case 'string':
      return shapedString(schema, key, known);
    case 'integer':
      return shapedNumber(schema, true);
    case 'number':
      return shapedNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(shapedValue(schema.items, key, known, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([name, part]) => [name, shapedValue(part, name, known, depth + 1)]));
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return wildJson;
  }
}

/** The shaped object with one field (or one new field) replaced by a wild value. */
function spoiledObject(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<Json> {
  const keys = Object.keys(schema?.properties ?? {});
  return fc
    .tuple(
      shapedValue(schema, '', known),
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys, ...POLLUTING_KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }),
      fc.oneof(nastyString, nastyNumber, wildJson),
    )
    .map(([shaped, key, value]) => {
      if (shaped === null || typeof shaped !== 'object' || Array.isArray(shaped)) return shaped;
      // defineProperty, so that '__proto__' becomes an own key that JSON.stringify sends.
      const copy = { ...(shaped as Record<string, Json>) };
      Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
      return copy;
    });
}

// ---- Requests ---------------------------------------------------------------------------

interface FuzzRequest {
  method: string;
  url: string;
  body?: { json: Json } | { raw: string; contentType: string };
  /** Sent from a page of another site (the same-origin guard's refusal), instead of the store's own. */
  foreignOrigin: boolean;
  /** Session and browser cookies made up by the caller, sent instead of the jar's. */
  forgedCookies?: Record<string, string>;
}

/** Cookie values as a browser may carry them: any cookie-octet text, or a signed-looking one. */
const forgedCookieValue = fc.oneof(
  fc.stringMatching(/^[!#-+\--:<-[\]-~]{0,300}$/),
  fc.tuple(fc.base64String({ maxLength: 60 }), fc.base64String({ maxLength: 60 })).map(([id, signature]) => `s:${id}.${signature}`),
);
const forgedCookies = fc.dictionary(fc.constantFrom('sid', 'asid', 'bid', '__Host-sid'), forgedCookieValue, { minKeys: 1, maxKeys: 3 });

/** Mostly the given choice; now and then the other one. */
const mostly = <T,>(usual: fc.Arbitrary<T>, rare: fc.Arbitrary<T>) => fc.oneof({ weight: 15, arbitrary: usual }, { weight: 1, arbitrary: rare });

/** Percent-encodes text for a URL; a lone surrogate, which has no UTF-8, goes as U+FFFD as a browser sends it. */
function urlEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
  }
}

const PARAM_ATTACKS = ['%00', '..', '%2e%2e', '.%2e', '%', '%zz', '%c0%af', '%ff%fe', 'a%2Fb', '%F0%9F%98%80', '0', '-1', '9'.repeat(30)];

/** A path parameter as it appears in the URL: encoded generated text, or raw attack spellings. */
function paramValue(schema: JsonSchema | undefined, key: string, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: shapedValue(schema, key, known).map((value) => urlEncoded(String(value)) || 'x') },
    { weight: 1, arbitrary: fc.constantFrom(...PARAM_ATTACKS, 'a'.repeat(5_000)) },
  );
}

function queryString(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<string> {
  const pairs = fc.oneof(
    shapedValue(schema, '', known).map((value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value as Record<string, Json>).map(([key, item]) => [key, typeof item === 'string' ? item : (JSON.stringify(item) ?? '')] as const)
        : [],
    ),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...Object.keys(schema?.properties ?? {}), ...POLLUTING_KEYS, '__proto__[x]', 'a[]'), fc.string()), nastyString), {
      maxLength: 4,
    }),
  );
  return pairs.map((entries) => entries.map(([key, value]) => `${urlEncoded(key)}=${urlEncoded(value)}`).join('&'));
}

function requestFor(route: RegisteredRoute, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const schema = route.schema ?? {};
  const paramsSchema = jsonSchemaOf(schema.params);
  const bodySchema = jsonSchemaOf(schema.body);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const params = fc.tuple(...names.map((name) => paramValue(paramsSchema?.properties?.[name], name, known)));
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  const body: fc.Arbitrary<FuzzRequest['body']> = hasBody
    ? fc.oneof(
        { weight: 4, arbitrary: shapedValue(bodySchema, '', known).map((json) => ({ json })) },
        { weight: 4, arbitrary: spoiledObject(bodySchema, known).map((json) => ({ json })) },
        { weight: 1, arbitrary: wildJson.map((json) => ({ json })) },
        { weight: 1, arbitrary: rawBody.map((raw) => ({ raw, contentType: 'application/json' })) },
        {
          weight: 1,
          arbitrary: fc.tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', 'application/json; charset=utf-16'), fc.string()).map(([contentType, raw]) => ({ raw, contentType })),
        },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.constant(undefined);
  return fc
    .record({
      method: mostly(fc.constant(route.method), fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')),
      params,
      query: queryString(jsonSchemaOf(schema.querystring), known),
      body,
      foreignOrigin: mostly(fc.constant(false), fc.constant(true)),
      forgedCookies: mostly(fc.constant(undefined), forgedCookies),
    })
    .map(({ method, params: values, query, body: sent, foreignOrigin, forgedCookies: forged }) => {
      let index = 0;
      const path = route.url.replace(/:(\w+)/g, () => values[index++]!);
      const withBody = method !== 'GET' && method !== 'OPTIONS' ? sent : undefined;
      return { method, url: query ? `${path}?${query}` : path, body: withBody, foreignOrigin, forgedCookies: forged };
    });
}

// ---- The store's rows ----------------------------------------------------------------------

/**
 * Tables a refused request may write, and why:
 * - rate_limits: counting refused attempts is their job (a wrong password, a limited address; decision 0013).
 * - audit_log, its admin.sign_in_refused rows only: a known admin's refused sign-in is recorded (decision 0096).
 * The session table is compared by its ids only: reading a session slides its expiry (a write on read).
 * pg-boss's own schema (the job queue) is not the store's rows and is not compared.
 */
const WRITTEN_BY_REFUSALS = new Set(['rate_limits']);
const COMPARED_BY = new Map([['session', 't.sid']]);
const ROWS_LEFT_OUT = new Map([['audit_log', "where t.action <> 'admin.sign_in_refused'"]]);

async function rowsSnapshotQuery(t: TestApp): Promise<string> {
  const { rows } = await t.database.executeSql(`select tablename from pg_tables where schemaname = 'public' order by tablename`, []);
  const parts = (rows as Array<{ tablename: string }>)
    .map((row) => row.tablename)
    .filter((table) => !WRITTEN_BY_REFUSALS.has(table))
    .map((table) => {
      const row = COMPARED_BY.get(table) ?? 't::text';
      return `select '${table}' as name, count(*)::int as rows, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from "${table}" t ${ROWS_LEFT_OUT.get(table) ?? ''}`;
    });
  return parts.join(' union all ');
}

async function snapshot(t: TestApp, query: string): Promise<Map<string, string>> {
  const { rows } = await t.database.executeSql(query, []);
  return new Map((rows as Array<{ name: string; rows: number; digest: string }>).map((row) => [row.name, `${row.rows} rows, ${row.digest}`]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([table, state]) => before.get(table) !== state).map(([table]) => table);
}

/**
 * The tables a request changed, for the price of reading one counter when it changed none.
 * A row trigger on every compared table bumps a sequence, which no rollback takes back: an
 * unchanged counter means no row was written, and only a request that wrote (or tried to)
 * pays for the snapshot of every table that says which changed. Snapshots alone were four
 * fifths of this file's time. The counter lives outside the public schema, which the
 * snapshots and the tests' emptying between tests leave alone.
 */
class TableWatch {
  private before = new Map<string, string>();
  private writes = '';

  private constructor(
    private readonly t: TestApp,
    private readonly query: string,
  ) {}

  static async start(t: TestApp): Promise<TableWatch> {
    const { rows } = await t.database.executeSql(`select tablename from pg_tables where schemaname = 'public' order by tablename`, []);
    const tables = (rows as Array<{ tablename: string }>).map((row) => row.tablename).filter((table) => !WRITTEN_BY_REFUSALS.has(table));
    const triggers = tables.map((table) => {
      // The session table is compared by its ids: a read sliding its expiry is no write of it.
      const rowWrites = COMPARED_BY.has(table) ? 'insert or delete or update of sid' : 'insert or update or delete';
      return `drop trigger if exists fuzz_row_writes on "${table}"; create trigger fuzz_row_writes after ${rowWrites} on "${table}" for each row execute function fuzz.count_write();
        drop trigger if exists fuzz_truncates on "${table}"; create trigger fuzz_truncates after truncate on "${table}" for each statement execute function fuzz.count_write();`;
    });
    await t.database.executeSql(
      `create schema if not exists fuzz; create sequence if not exists fuzz.writes;
       create or replace function fuzz.count_write() returns trigger language plpgsql as $$ begin perform nextval('fuzz.writes'); return null; end $$;
       ${triggers.join('\n')}`,
      [],
    );
    const watch = new TableWatch(t, await rowsSnapshotQuery(t));
    await watch.changed();
    return watch;
  }

  /** The tables changed since the last look; the next look starts from now. */
  async changed(): Promise<string[]> {
    // The counter first: a write between the two reads is then in the snapshot and seen again next time, never missed.
    const { rows } = await this.t.database.executeSql(`select last_value::text || is_called::text as writes from fuzz.writes`, []);
    const writes = (rows as Array<{ writes: string }>)[0]!.writes;
    if (writes === this.writes) return [];
    const after = await snapshot(this.t, this.query);
    const changed = changedTables(this.before, after);
    this.before = after;
    this.writes = writes;
    return changed;
  }
}

// ---- Callers ------------------------------------------------------------------------------

type Caller = 'anonymous' | 'customer' | 'admin';

/** A caller's cookies, kept as a browser keeps them: a sign-in's new session replaces the old one. */
class CookieJar {
  cookies: Record<string, string> = {};
  take(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      const expired = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired) delete this.cookies[cookie.name];
      else this.cookies[cookie.name] = cookie.value;
    }
  }
}

/** Signs the caller in: the customer registers once and signs in again later (sign-ups are limited per address). */
async function signIn(t: TestApp, caller: Caller, jar: CookieJar, customer: { email?: string }) {
  if (caller === 'customer' && customer.email) Object.assign(jar.cookies, (await loginCustomer(t.app, customer.email, CUSTOMER_PASSWORD)).cookies);
  else if (caller === 'customer') {
    const registered = await registerCustomer(t.app, { password: CUSTOMER_PASSWORD, confirmPassword: CUSTOMER_PASSWORD });
    customer.email = registered.customer.email;
    Object.assign(jar.cookies, registered.cookies);
  }
  if (caller === 'admin') Object.assign(jar.cookies, await signInAdmin(t));
}
const CUSTOMER_PASSWORD = 'fuzzing-customer-password';

let addressCounter = 0;
/**
 * A new client address per request, so that per-address limits let most requests reach
 * validation. Loopback ones: the store under test takes demo payments only from its own machine.
 */
function freshAddress(): string {
  addressCounter += 1;
  return `127.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function injectOptions(t: TestApp, request: FuzzRequest, jar: CookieJar): InjectOptions {
  const headers: Record<string, string> = { origin: request.foreignOrigin ? 'https://evil.example' : new URL(t.config.PUBLIC_URL).origin };
  const cookies = request.forgedCookies ?? jar.cookies;
  const options: InjectOptions = { method: request.method, url: request.url, headers, cookies, remoteAddress: freshAddress() };
  if (request.body && 'raw' in request.body) {
    headers['content-type'] = request.body.contentType;
    options.payload = request.body.raw;
  } else if (request.body) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(request.body.json) ?? 'null';
  }
  return options;
}

/** What is wrong with an answer, or null when it keeps the standard. */
function faultOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `status ${response.statusCode}: ${response.body.slice(0, 300)}`;
  const isJson = /^application\/json/.test(String(response.headers['content-type'] ?? ''));
  if (response.statusCode >= 400) {
    if (!isJson) return `status ${response.statusCode} answered ${String(response.headers['content-type'])}: ${response.body.slice(0, 200)}`;
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return `status ${response.statusCode} answered invalid JSON: ${response.body.slice(0, 200)}`;
    }
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message.trim() === '') return `status ${response.statusCode} without a message: ${response.body.slice(0, 200)}`;
    if (/\n\s+at |Internal Server Error/.test(message)) return `status ${response.statusCode} shows internals: ${message.slice(0, 200)}`;
    return null;
  }
  if (isJson && response.body !== '') {
    try {
      JSON.parse(response.body);
    } catch {
      return `status ${response.statusCode} answered invalid JSON: ${response.body.slice(0, 200)}`;
    }
  }
  return null;
}

/** Every route under /api, HEAD twins of GET routes left out (they answer as the GET does). */
function apiRoutes(t: TestApp): RegisteredRoute[] {
  return t.app.routeList.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
}

function takesInput(route: RegisteredRoute, caller: Caller): boolean {
  if (caller !== 'admin' && route.url.startsWith('/api/admin/') && route.url !== '/api/admin/login') return false;
  const schema = route.schema ?? {};
  return route.url.includes(':') || !!schema.body || !!schema.querystring;
}

/**
 * The store's package ids and coupon codes, and the ids of three unpaid orders placed as a
 * buyer would (card, streaming box, crypto), so that the payment, shipment and gift card
 * routes get ids they know, and reach what lies behind the lookup.
 */
async function knownValues(t: TestApp): Promise<KnownValues> {
  const { oneMonth, box } = await seededPackages(t.app);
  const packages = (await t.app.inject({ method: 'GET', url: '/api/packages' })).json<Array<{ id: string }>>();
  const known: KnownValues = {
    byField: [
      [/package/i, packages.map((item) => item.id)],
      [/code|coupon/i, ['WELCOME10', 'SAVE5', 'welcome10']],
      [/username/i, ['owner']],
    ],
    answered: new Map(),
  };
  const orders = [
    await postCheckout(t.app, checkoutForm(oneMonth.id)),
    await postCheckout(t.app, checkoutForm(box.id, shippingFields)),
    await postCryptoPayment(t.app, cryptoForm(oneMonth.id)),
  ];
  for (const placed of orders) {
    expect(placed.statusCode, placed.body).toBe(200);
    harvest(known, placed.json());
  }
  // The page reads the PaymentIntent's id from its client secret, and sends it as paymentIntentId (or in the path).
  for (const secret of known.answered.get('clientSecret') ?? []) {
    for (const key of ['paymentIntentId', 'id']) remember(known, key, intentIdOf(secret));
  }
  return known;
}

async function fuzzEveryRoute(t: TestApp, caller: Caller) {
  const jar = new CookieJar();
  const customer: { email?: string } = {};
  await signIn(t, caller, jar, customer);
  const signedInCookies = Object.keys(jar.cookies);
  const known = await knownValues(t);
  const watch = await TableWatch.start(t);
  const routes = apiRoutes(t);
  expect(routes.length).toBeGreaterThanOrEqual(30);
  const deadline = Date.now() + BUDGET_MS;
  const counts = { sent: 0, refused: 0, accepted: 0 };
  /** Per route, how often each status was answered: printed with FUZZ_REPORT=1. */
  const statuses = new Map<string, Map<string, number>>();

  for (const [index, route] of routes.entries()) {
    // What the queue's jobs wrote meanwhile is no request's doing.
    await watch.changed();
    /** The last requests to this route, named in a failure: a refusal may be blamed for an earlier request's write. */
    const recent: string[] = [];
    // The routes still to fuzz share what is left of the budget; each gets at least one request.
    const routeDeadline = Date.now() + Math.max(500, (deadline - Date.now()) / (routes.length - index));
    let sentToRoute = 0;
    await fc.assert(
      fc.asyncProperty(requestFor(route, known), async (request) => {
        if (sentToRoute > 0 && Date.now() > routeDeadline) return;
        sentToRoute += 1;
        // A logout or a sign-in with generated credentials may have ended the caller's session.
        if (signedInCookies.some((name) => !(name in jar.cookies))) {
          await signIn(t, caller, jar, customer);
          await watch.changed();
        }
        const response = await t.app.inject(injectOptions(t, request, jar));
        jar.take(response);
        if (response.statusCode < 300 && /json/.test(String(response.headers['content-type']))) harvest(known, response.json());
        counts.sent += 1;
        const fault = faultOf(response);
        if (fault) throw new Error(`${request.method} ${request.url.slice(0, 300)} as ${caller}: ${fault}`);
        const tally = statuses.get(`${route.method} ${route.url}`) ?? new Map<string, number>();
        const label = `${response.statusCode}${response.statusCode >= 400 ? ` ${String(response.json().message).slice(0, 60)}` : ''}`;
        tally.set(label, (tally.get(label) ?? 0) + 1);
        statuses.set(`${route.method} ${route.url}`, tally);
        const changed = await watch.changed();
        if (response.statusCode >= 400) {
          counts.refused += 1;
          if (changed.length) {
            throw new Error(
              `${request.method} ${request.url.slice(0, 300)} as ${caller} was refused (${response.statusCode} ${response.body.slice(0, 200)}) but changed ${changed.join(', ')}; the requests before it: ${recent.join(' THEN ')}`,
            );
          }
        } else counts.accepted += 1;
        recent.push(`${request.method} ${request.url.slice(0, 100)} ${JSON.stringify(request.body)?.slice(0, 300)} answered ${response.statusCode}`);
        if (recent.length > 3) recent.shift();
      }),
      {
        seed: SEED + index,
        numRuns: takesInput(route, caller) ? RUNS_PER_ROUTE : RUNS_PER_CLOSED_ROUTE,
        endOnFailure: true,
      },
    );
  }
  if (process.env.FUZZ_REPORT) {
    for (const [route, tally] of statuses) console.log(`${caller} ${route}\n${[...tally].map(([label, n]) => `  ${n} × ${label}`).join('\n')}`);
  }
  expect(counts.sent).toBeGreaterThanOrEqual(routes.length);
  // Most requests are meant to be refused; were none, the generators would be broken.
  expect(counts.refused).toBeGreaterThan(counts.sent / 2);
}

// ---- Spellings of a path that the router decodes ---------------------------------------

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NOT_NORMAL = { message: 'Request path is not in its normal form' };
const CROSS_SITE = { message: 'Cross-site request refused' };
/**
 * Called by the providers' servers, verified by signature or secret: the same-origin guard lets them through by
 * their route, or (Telegram's webhook, decision 0103) they sit outside the site's scope it guards.
 */
const SERVER_TO_SERVER_ROUTES = new Set(['/api/stripe/webhook', '/api/crypto/ipn', '/api/telegram/webhook']);

const percentEncoded = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Spellings of an /api path that differ from its normal form: the router runs some of them
 * as the path itself (it decodes percent-encoding), and a proxy may normalise the others
 * into it. Each must be refused before any route runs (decision 0027).
 */
function nonNormalSpellings(path: string): Array<[string, string]> {
  const rest = path.slice('/api'.length);
  const lastSlash = path.lastIndexOf('/');
  const last = path.slice(lastSlash + 1);
  return [
    ['percent-encoded letter', `/%61pi${rest}`],
    ['percent-encoded last segment', `${path.slice(0, lastSlash)}/${percentEncoded(last[0]!)}${last.slice(1)}`],
    ['double-encoded', `/%2561pi${rest}`],
    ['upper case', `/API${rest}`],
    ['mixed case', `/Api${rest}`],
    ['leading double slash', `/${path}`],
    ['inner double slash', `/api/${rest}`],
    ['dot segment', `/.${path}`],
    ['percent-encoded dot segment', `/%2e${path}`],
    ['parent segment', `/api/..${path}`],
    ['semicolon after api', `/api;x${rest}`],
    ['semicolon-suffixed', `${path};jsessionid=1`],
  ];
}

/** A card order paid with the demo's test card: what a refund, honour or gift-card route would change. */
async function paidCardOrder(t: TestApp): Promise<string> {
  const { oneMonth } = await seededPackages(t.app);
  const placed = await postCheckout(t.app, checkoutForm(oneMonth.id));
  const { order, clientSecret } = placed.json<{ order: { id: string }; clientSecret: string }>();
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
  const paid = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentIdOf(clientSecret)}/confirm`, payload: card });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.services.jobs.drain();
  return order.id;
}

/** The route's path with each parameter a value the store knows (the paid order for :orderId), and a body of its schema's shape. */
function requestShapedFor(route: RegisteredRoute, known: KnownValues, paidOrderId: string): { path: string; payload?: string } {
  const schema = route.schema ?? {};
  const params = jsonSchemaOf(schema.params)?.properties ?? {};
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) =>
    name === 'orderId' ? paidOrderId : urlEncoded(String(fc.sample(shapedValue(params[name], name, known), { numRuns: 1, seed: SEED })[0]) || 'x'),
  );
  if (!schema.body) return { path };
  const body = fc.sample(shapedValue(jsonSchemaOf(schema.body), '', known), { numRuns: 1, seed: SEED })[0];
  return { path, payload: JSON.stringify(body) ?? 'null' };
}

// ---- Lone surrogates ------------------------------------------------------------------

/**
 * Halves of a UTF-16 surrogate pair with no other half: JSON can spell them ("\ud800"), but
 * they are no Unicode text, and PostgreSQL refuses them in jsonb (the audit log's rows) with
 * a 500. A URL cannot carry one (its escapes are UTF-8 bytes, and the router refuses or keeps
 * those it cannot decode), so the bodies are where one arrives.
 */
const LONE_SURROGATES = ['\ud800', 'Ada\udfff'];

type FieldPath = Array<string | number>;

/** The paths of a body's text fields, nested objects' and list items' included, from its JSON Schema. */
function textFieldPaths(schema: JsonSchema | undefined, path: FieldPath = []): FieldPath[] {
  if (!schema) return [];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (alternatives.length) {
    const paths = alternatives.flatMap((part) => textFieldPaths(part, path));
    return [...new Map(paths.map((found) => [found.join('.'), found])).values()];
  }
  const types = [schema.type ?? []].flat();
  if (types.includes('string') && schema.enum === undefined && schema.const === undefined) return [path];
  if (types.includes('object')) return Object.entries(schema.properties ?? {}).flatMap(([name, part]) => textFieldPaths(part, [...path, name]));
  if (types.includes('array')) return textFieldPaths(schema.items, [...path, 0]);
  return [];
}

/** A copy of the body with the value at `path` replaced, the objects and lists on the way made when missing. */
function withValueAt(body: Json, path: FieldPath, value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...FieldPath];
  if (typeof head === 'number') {
    const list = Array.isArray(body) ? [...(body as Json[])] : [];
    list[head] = withValueAt(list[head] ?? {}, rest, value);
    return list;
  }
  const object = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, Json>) } : {};
  object[head] = withValueAt(object[head], rest, value);
  return object;
}

/** An answer's JSON, or the start of its text when it is none. */
function answerBody(response: LightMyRequestResponse): unknown {
  try {
    return JSON.parse(response.body);
  } catch {
    return response.body.slice(0, 200);
  }
}

const isPlainObject = (value: Json): value is Record<string, Json> => !!value && typeof value === 'object' && !Array.isArray(value);

/** A value the zod schema accepts, of the shape its JSON Schema gives, from many tries; the test fails when none is found. */
function acceptedSample(zodSchema: z.ZodType, known: KnownValues, where: string): Json {
  const candidates = fc.sample(shapedValue(jsonSchemaOf(zodSchema), '', known), { numRuns: 3_000, seed: SEED });
  const accepted = candidates.find((candidate) => isPlainObject(candidate) && zodSchema.safeParse(candidate).success);
  expect(accepted, `no accepted ${where} was generated`).toBeDefined();
  return accepted;
}

describe('fuzzing every API route', () => {
  const t = useTestApp();
  // Past the budget each route still gets one request: with some 250 routes under a loaded
  // host that floor alone took over 30 s while every request paid for a snapshot.
  const timeout = BUDGET_MS + 90_000;

  it('names the table a write changed, and none when nothing was written (the watch the checks below rely on)', async () => {
    const watch = await TableWatch.start(t);
    await t.database.executeSql(`update packages set name = name || ' (renamed)' where id = (select min(id) from packages)`, []);
    expect(await watch.changed()).toEqual(['packages']);
    // Rewritten as it was: written, yet unchanged.
    await t.database.executeSql(`update packages set name = name where id = (select min(id) from packages)`, []);
    expect(await watch.changed()).toEqual([]);
    await t.database.executeSql(`select count(*) from packages`, []);
    expect(await watch.changed()).toEqual([]);
  });

  it('answers anonymous callers below 500, with JSON { message } refusals that change nothing', async () => {
    await fuzzEveryRoute(t, 'anonymous');
  }, timeout);

  it('answers a signed-in customer below 500, with JSON { message } refusals that change nothing', async () => {
    await fuzzEveryRoute(t, 'customer');
  }, timeout);

  it('answers a signed-in admin below 500, with JSON { message } refusals that change nothing', async () => {
    await fuzzEveryRoute(t, 'admin');
  }, timeout);

  it('refuses a lone surrogate in every text field of every route with a 400, and changes nothing', async () => {
    const jar = new CookieJar();
    await signIn(t, 'customer', jar, {});
    await signIn(t, 'admin', jar, {});
    const signedInCookies = Object.keys(jar.cookies);
    const known = await knownValues(t);
    // What the generator does not guess: a card number passes Luhn's checksum, an expiry is to come.
    known.byField.push([/cardNumber/, ['4242 4242 4242 4242']], [/expiry/, ['12/40']]);
    const paidOrderId = await paidCardOrder(t);
    const watch = await TableWatch.start(t);
    const routes = apiRoutes(t).filter((route) => route.schema?.body instanceof z.ZodType);
    const answers: Array<{ route: string; field: string; value: string; status: number; body: unknown; changed: string[] }> = [];
    let fields = 0;

    for (const route of routes) {
      const bodySchema = route.schema!.body as z.ZodType;
      const paths = textFieldPaths(jsonSchemaOf(bodySchema));
      if (paths.length === 0) continue;
      const name = `${route.method} ${route.url}`;
      const base = acceptedSample(bodySchema, known, `body of ${name}`);
      const paramsSchema = route.schema!.params as z.ZodType | undefined;
      const params = (paramsSchema ? acceptedSample(paramsSchema, known, `path of ${name}`) : {}) as Record<string, Json>;
      const url = route.url.replace(/:(\w+)/g, (_match, param: string) => (param === 'orderId' ? paidOrderId : encodeURIComponent(String(params[param]))));
      for (const path of paths) {
        fields += 1;
        for (const lone of LONE_SURROGATES) {
          // The one field spoiled in a body the route accepts: a 400 can only be that field's.
          const body = withValueAt(base, path, lone);
          if (signedInCookies.some((cookie) => !(cookie in jar.cookies))) {
            await signIn(t, 'customer', jar, {});
            await signIn(t, 'admin', jar, {});
          }
          await watch.changed();
          const response = await t.app.inject({
            method: route.method as InjectOptions['method'],
            url,
            headers: { origin: new URL(t.config.PUBLIC_URL).origin, 'content-type': 'application/json' },
            cookies: jar.cookies,
            remoteAddress: freshAddress(),
            payload: JSON.stringify(body),
          });
          jar.take(response);
          const changed = await watch.changed();
          answers.push({ route: name, field: path.join('.'), value: JSON.stringify(lone), status: response.statusCode, body: answerBody(response), changed });
        }
      }
    }
    expect(fields).toBeGreaterThanOrEqual(90);
    expect(answers).toEqual(answers.map((answer) => ({ ...answer, status: 400, body: { message: expect.any(String) }, changed: [] })));
  }, timeout);

  it('refuses every state-changing route under each non-normal spelling of its path, sent cross-site by a signed-in admin and customer', async () => {
    const jar = new CookieJar();
    await signIn(t, 'customer', jar, {});
    await signIn(t, 'admin', jar, {});
    const known = await knownValues(t);
    const paidOrderId = await paidCardOrder(t);
    const watch = await TableWatch.start(t);
    const routes = apiRoutes(t).filter((route) => STATE_CHANGING.has(route.method));
    expect(routes.length).toBeGreaterThanOrEqual(20);

    for (const route of routes) {
      const { path, payload } = requestShapedFor(route, known, paidOrderId);
      await watch.changed();
      // Over a socket: app.inject would resolve the dot segments before the server saw them.
      const send = (url: string) =>
        rawRequest(t.app, {
          method: route.method,
          path: url,
          cookies: jar.cookies,
          headers: { origin: 'https://evil.example', ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: payload,
        });
      const answers = [];
      for (const [spelling, url] of nonNormalSpellings(path)) {
        const response = await send(url);
        answers.push({ route: `${route.method} ${route.url}`, spelling, url, status: response.statusCode, body: response.json() });
      }
      expect(answers).toEqual(answers.map((answer) => ({ ...answer, status: 400, body: NOT_NORMAL })));
      // Spelled normally, a cross-site call is refused by the guard too, unless a provider's server makes it.
      if (!SERVER_TO_SERVER_ROUTES.has(route.url)) {
        const normal = await send(path);
        expect({ route: route.url, status: normal.statusCode, body: normal.json() }).toEqual({ route: route.url, status: 403, body: CROSS_SITE });
      }
      expect(await watch.changed(), `${route.method} ${route.url}`).toEqual([]);
    }
  }, timeout);
});
