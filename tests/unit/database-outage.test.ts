import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/outage';

/** How drizzle hands a driver's error on: its own error, with the driver's as the cause. */
const wrapped = (driverError: object) => Object.assign(new Error('Failed query: select 1'), { cause: driverError });

/** PostgreSQL errors that mean "the database cannot be reached now", not "this query is wrong" (decision 0016). */
const UNREACHABLE_SQLSTATES = [
  ['3D000', 'database "store" does not exist (dropped or renamed)'],
  ['08000', 'connection exception'],
  ['08001', 'client unable to establish a connection'],
  ['08003', 'connection does not exist'],
  ['08004', 'server rejected the connection'],
  ['08006', 'connection failure'],
  ['08007', 'transaction resolution unknown'],
  ['08P01', 'protocol violation'],
  ['57P01', 'terminating connection due to administrator command'],
  ['57P02', 'terminating connection due to crash of another server process'],
  ['57P03', 'the database system is starting up'],
  ['57P04', 'terminating connection because the database was dropped'],
  ['57P05', 'terminating connection due to idle-session timeout'],
  ['53300', 'sorry, too many clients already'],
] as const;

const SOCKET_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND'];

describe('recognising an unreachable database', () => {
  it.each(UNREACHABLE_SQLSTATES)('counts SQLSTATE %s (%s), bare and wrapped by drizzle', (code, message) => {
    expect(isDatabaseUnavailable({ code, message })).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code, message }))).toBe(true);
  });

  it.each(SOCKET_CODES)('counts the socket failure %s', (code) => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error(`connect ${code} 10.0.0.5:5432`), { code })))).toBe(true);
  });

  it('counts every refusal node reports for a host with several addresses', () => {
    const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(wrapped(new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')])))).toBe(true);
  });

  it("counts node-postgres's own words for a lost connection and a pool that could not connect in time", () => {
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseUnavailable({ code: '55000', message: 'database "store" is not currently accepting connections' })).toBe(true);
  });

  it("leaves a query's own failures to answer as they do", () => {
    for (const code of ['23505', '42P01', '40001', '22P02', '53100', '55000', '28P01']) {
      expect(isDatabaseUnavailable(wrapped({ code, message: 'some failure' })), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
