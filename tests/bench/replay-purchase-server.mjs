// The replay limit for a whole purchase: a bare process (node:http and a pg pool, or PGlite in
// this process; no framework, no ORM, no job library, no logger) that answers the purchase's
// three calls by sending exactly the statements the store sent for them, recorded at the
// wire in the same bench run (replay-script.mjs), in the same transactions and order with
// each buyer's own values, and the answers the store gave; after the third answer it runs
// the statements of the purchase's jobs itself, as the store's workers do. What it costs is
// the least a purchase with the store's guarantees can cost on this machine.
// Environment: PORT, REPLAY_SCRIPT (the script's JSON file), DATABASE_URL or PGLITE_DIR.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { compileScript, newPurchase, resolve } from './replay-script.mjs';

const script = compileScript(JSON.parse(readFileSync(process.env.REPLAY_SCRIPT, 'utf8')));
/** Each text a named prepared statement, as the store's are (decision 0025). */
const names = new Map();
const nameOf = (text) => names.get(text) ?? names.set(text, `r${names.size}`).get(text);
const rawText = { getTypeParser: () => (value) => value };

/** Runs one unit (a transaction or a statement alone) for `purchase`, keeping the rows each statement returns. */
async function openDatabase() {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return async (unit, purchase) => {
      const client = await pool.connect();
      try {
        for (const statement of unit.statements) {
          const values = statement.values?.map((source) => resolve(source, purchase));
          const query = values ? { name: nameOf(statement.text), text: statement.text, values, rowMode: 'array', types: rawText } : { text: statement.text, rowMode: 'array', types: rawText };
          purchase.rows.set(statement.number, (await client.query(query)).rows);
        }
      } catch (error) {
        if (unit.transaction) await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    };
  }
  // As the store opens it (src/server/db/connect.ts): baseline-compiled WebAssembly, 16 MB of shared buffers.
  setFlagsFromString('--liftoff-only');
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  const db = new PGlite(process.env.PGLITE_DIR, { extensions: { pg_trgm }, startParams });
  await db.waitReady;
  // As the store runs it (src/server/db/pglite-prepared-statements.ts): each text prepared
  // once under a name, later runs sending only bind, describe, execute and sync in one call.
  const { serialize } = protocol;
  const run = (messages, syncToFs) => db.execProtocolStream(Buffer.concat(messages), { syncToFs });
  const prepared = new Set();
  const runStatement = async (statement, purchase, inTransaction) => {
    const values = statement.values?.map((source) => resolve(source, purchase));
    if (!values) {
      const results = await db.exec(statement.text);
      return purchase.rows.set(statement.number, (results.at(-1)?.rows ?? []).map((row) => Object.values(row)));
    }
    const name = nameOf(statement.text);
    if (!prepared.has(name)) {
      await run([serialize.parse({ name, text: statement.text }), serialize.describe({ type: 'S', name }), serialize.sync()], false);
      prepared.add(name);
    }
    // The values are the text PostgreSQL was sent; no parsers, so the rows stay text too.
    const messages = await run([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()], !inTransaction);
    purchase.rows.set(statement.number, parse.parseResults(messages, {}, { rowMode: 'array' })[0]?.rows ?? []);
  };
  // PGlite has one connection: a unit holds it whole, as a transaction holds the store's embedded database.
  let turn = Promise.resolve();
  return (unit, purchase) => {
    const mine = turn.then(async () => {
      try {
        for (const statement of unit.statements) await runStatement(statement, purchase, unit.transaction);
      } catch (error) {
        if (unit.transaction) await db.exec('rollback').catch(() => {});
        throw error;
      }
    });
    turn = mine.catch(() => {});
    return mine;
  };
}

const runUnit = await openDatabase();
/** Purchases by the values their answers gave the buyer (an order id, a payment id), for the next call to find its own. */
const byGivenValue = new Map();
let jobErrors = 0;

function readBody(request) {
  return new Promise((done, fail) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    request.on('error', fail);
  });
}

/** The first call starts a purchase; a later one finds its own by an id in its path or body. */
function purchaseFor(callIndex, path, body) {
  if (callIndex === 0) return newPurchase();
  for (const value of [...path.split('/'), ...Object.values(body ?? {})]) {
    const purchase = byGivenValue.get(value);
    if (purchase) return purchase;
  }
  return newPurchase();
}

async function runJobs(purchase) {
  try {
    for (const unit of script.jobs) await runUnit(unit, purchase);
  } catch (error) {
    if (jobErrors === 0) console.error(`a replayed job failed (later ones are only counted): ${error.message}`);
    jobErrors += 1;
  } finally {
    for (const [value, owner] of byGivenValue) if (owner === purchase) byGivenValue.delete(value);
  }
}

const send = (response, status, text) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
};

const server = createServer(async (request, response) => {
  if (request.method === 'GET' && request.url === '/') return send(response, 200, '{"status":"ok"}');
  if (request.method === 'GET' && request.url === '/replay') return send(response, 200, JSON.stringify({ statements: script.statements, jobErrors }));
  const text = await readBody(request);
  const body = text ? JSON.parse(text) : null;
  // The calls come in the recorded order: the first (checkout) starts a purchase, the others find theirs.
  const callIndex = script.calls.findIndex((call, i) => call.method === request.method && (i === 1 ? /\/confirm$/.test(request.url) : call.path === request.url));
  if (callIndex === -1) return send(response, 404, '{"message":"Not found"}');
  const call = script.calls[callIndex];
  const purchase = purchaseFor(callIndex, request.url, body);
  purchase.requests[callIndex] = { body, forwardedFor: request.headers['x-forwarded-for'] };
  try {
    for (const unit of call.units) await runUnit(unit, purchase);
  } catch (error) {
    return send(response, 500, JSON.stringify({ message: error.message }));
  }
  const answer = resolve(call.answer, purchase);
  // The ids the answer gives (not what the buyer sent, which others may send too) lead the next calls here.
  for (const [, source] of call.answer.parts) if (!source.request) byGivenValue.set(resolve(source, purchase), purchase);
  send(response, call.status, answer);
  if (callIndex === script.calls.length - 1) void runJobs(purchase);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
