import { describe, expect, it } from 'vitest';
import { isSingleStatement, MAX_NAMED_STATEMENTS, singleStatementName, statementName } from '../../src/server/db/prepared-statements';

describe('statement names (docs/decisions/0025)', () => {
  it('gives one text one name, and another text another', () => {
    const first = statementName('select "id" from "orders" where "orders"."id" = $1');
    expect(first).toMatch(/^s\d+$/);
    expect(statementName('select "id" from "orders" where "orders"."id" = $1')).toBe(first);
    expect(statementName('select "id" from "packages" where "packages"."id" = $1')).not.toBe(first);
  });

  it('knows as one statement only a parameterless text declared so (prebuiltSql), which may then be prepared', () => {
    expect(isSingleStatement('select count(*) from "packages"')).toBe(false);
    const name = singleStatementName('select count(*) from "packages"');
    expect(name).toMatch(/^s\d+$/);
    expect(statementName('select count(*) from "packages"')).toBe(name);
    expect(isSingleStatement('select count(*) from "packages"')).toBe(true);
    expect(isSingleStatement('select 1; select 2')).toBe(false);
  });

  it('names at most 2000 texts, then runs new ones unnamed while the named keep their names', () => {
    expect(MAX_NAMED_STATEMENTS).toBe(2000);
    const kept = statementName('select $1::int as kept');
    for (let i = 0; i < 2000; i++) statementName(`select $1::int + ${i}`);
    expect(statementName('select $1::int as one too many')).toBeUndefined();
    expect(statementName('select $1::int as kept')).toBe(kept);
  });
});
