// The replay limit's script: one real store purchase, recorded at the wire by the statement
// proxy (statement-counter.mjs), cut into the statements of each of its three HTTP calls and
// of the background jobs it caused, each in its own transactions; then generalised, so that
// a bare process can send the same statements for any buyer: every value that belongs to the
// purchase (ids, emails, addresses, tokens, times) is found where it first came from (the
// buyer's request, a row an earlier statement returned, or made by the store) and is given
// each replayed purchase's own.
import { randomUUID } from 'node:crypto';

const isBoundary = (text) => /^\s*(begin|commit|rollback)\b/i.test(text);

/**
 * The recorded statements as units, each run on one connection: a transaction (from the
 * statement that left the connection idle to the one that makes it idle again, as
 * PostgreSQL's ReadyForQuery said) or a statement alone; in the order they began.
 */
function toUnits(log) {
  const open = new Map();
  const units = [];
  for (const entry of log) {
    let unit = open.get(entry.connection);
    if (!unit) {
      unit = { at: entry.at, statements: [] };
      units.push(unit);
    }
    unit.statements.push({ text: entry.text, values: entry.values, rows: entry.rows });
    if (entry.status === 'I') open.delete(entry.connection);
    else open.set(entry.connection, unit);
  }
  for (const unit of units) unit.transaction = unit.statements.length > 1 || isBoundary(unit.statements[0].text);
  return units.sort((a, b) => a.at - b.at);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
const ORDER_ID = /^SP-\d+-\d+$/;
/** Uuids and order ids wherever they appear in a text. */
const IDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|SP-\d+-\d+/gi;
const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]+$/i;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
/**
 * A made-up token or credential: 8 or more characters of an id alphabet. Words of the store
 * ('completed', a queue's name) have this shape too; they are told apart by an earlier
 * purchase, which sent them as well (buildScript's storeValues).
 */
const TOKEN = /^[\w-]{8,}$/;

/** A value that belongs to one purchase, not to the store: it must be each buyer's own. */
const ownShape = (value) =>
  typeof value === 'string' && (UUID.test(value) || TIME.test(value) || ORDER_ID.test(value) || EMAIL.test(value) || IPV4.test(value) || TOKEN.test(value));

/** A value of the purchase long and particular enough to be found inside another (a JSON job payload, a dedupe key). */
const findableInside = (value) => !TIME.test(value) && value.length >= 8;

/** The string leaves of a JSON request body, with their paths. */
function leaves(value, pathSoFar = [], out = []) {
  if (typeof value === 'string') out.push({ path: pathSoFar, value });
  else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) leaves(inner, [...pathSoFar, key], out);
  return out;
}

const headerValue = (headers, name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim();

/**
 * The script of one recorded purchase: `log` is the proxy's record from just before its
 * first call to after its jobs went quiet, `calls` the three exchanges as the bench made
 * them ({ method, path, headers, body, status, answer, startedAt, endedAt }, times on the
 * same clock as the log's), `idleTexts` the statements the store sends when nothing happens
 * (job polls), left out unless they returned rows, and `earlierLog` an earlier purchase's
 * record: a value both purchases sent (a package id, a setting) is the store's, not the buyer's.
 */
export function buildScript(log, calls, idleTexts, earlierLog) {
  const units = toUnits(log).filter((unit) =>
    unit.statements.some((s) => !isBoundary(s.text) && !(idleTexts.has(s.text) && s.rows.length === 0)),
  );
  const callUnits = calls.map((call) => units.filter((unit) => unit.at >= call.startedAt && unit.at <= call.endedAt));
  // The purchase's own values, for telling its jobs' statements from other work after the third answer.
  const storeValues = [...new Set(earlierLog.flatMap((entry) => [...(entry.values ?? []), ...entry.rows.flat()]).filter((value) => typeof value === 'string'))];
  const ownValue = (value) => ownShape(value) && !storeValues.includes(value);
  const own = new Set();
  for (const call of calls) {
    for (const { value } of leaves(JSON.parse(call.body))) if (ownValue(value)) own.add(value);
    for (const { value } of leaves(JSON.parse(call.answer))) if (ownValue(value) && !TIME.test(value)) own.add(value);
  }
  const texts = (unit) => unit.statements.flatMap((s) => [...(s.values ?? []), ...s.rows.flat()]).filter((v) => typeof v === 'string');
  // Ids inside any text (a job's JSON payload holds its job's id), the store's own left out.
  const addIds = (unit) => {
    for (const text of texts(unit)) for (const [id] of text.matchAll(IDS)) if (!storeValues.includes(id)) own.add(id);
  };
  for (const unit of callUnits.flat()) addIds(unit);
  const touches = (unit) => texts(unit).some((v) => [...own].some((o) => v.includes(o)));
  // The jobs: what ran between and after the calls (the recording pauses between them) for
  // this purchase: what holds one of its ids, and then what holds an id that did (the job
  // completed by the id its fetch returned).
  const inACall = new Set(callUnits.flat());
  const jobs = [];
  for (const unit of units) {
    if (unit.at < calls[0].startedAt || inACall.has(unit) || !touches(unit)) continue;
    jobs.push(unit);
    addIds(unit);
  }
  const strip = (unit) => ({ transaction: unit.transaction, statements: unit.statements });
  return {
    calls: calls.map((call, i) => ({ ...call, units: callUnits[i].map(strip) })),
    jobs: jobs.map(strip),
    startedAt: calls[0].startedAt,
    storeValues,
  };
}

/** A fresh value of the same kind as `value`, for a new purchase. */
function freshLike(value, sequence) {
  if (UUID.test(value)) return randomUUID();
  if (ORDER_ID.test(value)) return `SP-${Date.now()}-${sequence}`;
  if (EMAIL.test(value)) return `replay-${sequence}-${value}`;
  // A token: its word prefix kept (pi_demo_), the rest the same length and alphabet, each character replaced.
  const prefix = /^([a-z]+_)*/.exec(value)[0];
  const hexOnly = /^[0-9a-f_-]+$/.test(value.slice(prefix.length));
  const alphabet = hexOnly ? '0123456789abcdef' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = prefix;
  for (let i = prefix.length; i < value.length; i++) out += /[a-z0-9]/i.test(value[i]) ? alphabet[Math.floor(Math.random() * alphabet.length)] : value[i];
  return out;
}

/**
 * Compiles `script` into what the replay runs: each statement's parameters as sources.
 * A source is { constant }, { request: [call, where] } (a value of the buyer's request),
 * { row: [statement, row, column], fallback } (a cell an earlier statement of the same
 * purchase returned), { fresh: captured } (made anew per purchase), { time: offsetMs }
 * (the replay's now, as far from the purchase's start as in the recording), or { template }
 * (a text holding such values, as a job's JSON payload).
 */
export function compileScript(script) {
  const storeValues = new Set(script.storeValues);
  const ownValue = (value) => ownShape(value) && !storeValues.has(value);
  const origin = new Map();
  let statementNumber = 0;
  const compileValue = (value) => {
    if (value === null) return { constant: null };
    const known = origin.get(value);
    if (known) return known;
    // A text holding values already met (a JSON payload, a client secret made of its payment's id) is made of them.
    const inside = [...origin.keys()].filter((known) => findableInside(known) && value.includes(known)).sort((a, b) => b.length - a.length);
    if (inside.length > 0) return { template: value, parts: inside.map((known) => [known, origin.get(known)]) };
    if (!ownValue(value)) return { constant: value };
    if (TIME.test(value)) return { time: Date.parse(value) - script.startedAt };
    const source = { fresh: value };
    origin.set(value, source);
    return source;
  };
  const compileUnit = (unit) => ({
    transaction: unit.transaction,
    statements: unit.statements.map((statement) => {
      const compiled = { text: statement.text, values: statement.values?.map(compileValue) ?? null, number: statementNumber++ };
      statement.rows.forEach((cells, row) =>
        cells.forEach((cell, column) => {
          if (ownValue(cell) && !TIME.test(cell) && !origin.has(cell)) origin.set(cell, { row: [compiled.number, row, column], fallback: cell });
        }),
      );
      return compiled;
    }),
  });
  const calls = script.calls.map((call, callIndex) => {
    // What the buyer sends comes first: their email and address, the ids the last answers gave them.
    for (const { path, value } of leaves(JSON.parse(call.body))) {
      // Even a value every buyer sends alike (the package) is taken from the request: it is the buyer's choice.
      if (ownShape(value) && !origin.has(value)) origin.set(value, { request: [callIndex, 'body', path] });
    }
    const forwardedFor = headerValue(call.headers, 'x-forwarded-for');
    if (forwardedFor && !origin.has(forwardedFor)) origin.set(forwardedFor, { request: [callIndex, 'forwarded-for'] });
    const units = call.units.map(compileUnit);
    const inAnswer = [...origin.keys()].filter((known) => findableInside(known) && call.answer.includes(known)).sort((a, b) => b.length - a.length);
    return { method: call.method, path: call.path, status: call.status, answer: { template: call.answer, parts: inAnswer.map((known) => [known, origin.get(known)]) }, units };
  });
  const jobs = script.jobs.map(compileUnit);
  const statements = [...calls.flatMap((call) => call.units), ...jobs].reduce((sum, unit) => sum + unit.statements.length, 0);
  return { calls, jobs, statements };
}

let sequence = 0;

/** One replayed purchase: the values it has given so far and the rows its statements returned. */
export function newPurchase() {
  return { startedAt: Date.now(), given: new Map(), rows: new Map(), requests: [], sequence: ++sequence };
}

function pick(value, path) {
  return path.reduce((inner, key) => (inner && typeof inner === 'object' ? inner[key] : undefined), value);
}

/** The value `source` stands for in `purchase`. */
export function resolve(source, purchase) {
  if ('constant' in source) return source.constant;
  if ('time' in source) return new Date(purchase.startedAt + source.time).toISOString();
  if ('template' in source) {
    let text = source.template;
    for (const [known, inner] of source.parts) text = text.split(known).join(resolve(inner, purchase));
    return text;
  }
  if (source.request) {
    const [call, where, path] = source.request;
    const request = purchase.requests[call];
    const value = where === 'body' ? pick(request?.body, path) : request?.forwardedFor;
    if (value !== undefined) return value;
  }
  if (source.row) {
    const [statement, row, column] = source.row;
    const value = purchase.rows.get(statement)?.[row]?.[column];
    if (value !== undefined) return value;
  }
  // Made by the store (or a row this replay did not get back): a new value, the same for the whole purchase.
  const captured = source.fresh ?? source.fallback ?? source.request?.join('.');
  if (!purchase.given.has(captured)) purchase.given.set(captured, freshLike(captured, purchase.sequence));
  return purchase.given.get(captured);
}
