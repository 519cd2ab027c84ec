import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canonicalMailbox } from '../../src/domain/mailbox';
import { trialClaims } from '../../src/server/schema';
import { newRegistration } from '../support/customers';
import { useTestApp } from '../support/test-app';

/** Runs drizzle/0004 again on rows written the way claims were stored before the mailbox rule. */
async function rerunMigration(executeSql: (text: string, values?: unknown[]) => Promise<unknown>) {
  const text = readFileSync(path.join(__dirname, '../../drizzle/0004_trial_claims_by_mailbox.sql'), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await executeSql(statement, []);
}

describe('the migration of trial claims stored before one trial per mailbox', () => {
  const t = useTestApp();
  const written = [
    'N.A.M.E+tv@GoogleMail.com',
    'name@gmail.com',
    'Jane.Doe+1@Example.com',
    'jane.doe@example.com',
    '+only@example.com',
    'x.y+z@sub.example.org',
    '...@gmail.com',
  ];

  it('stores every claim under its mailbox, as canonicalMailbox spells it, keeping the earliest of one mailbox', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    await t.database.db.insert(trialClaims).values(
      written.map((email, i) => ({ email, browserId: `browser-${i}`, orderId: `SP-${i}`, claimedAt: new Date(base + i * 60_000) })),
    );
    await rerunMigration(t.database.executeSql);

    const rows = await t.database.db.select().from(trialClaims).orderBy(asc(trialClaims.claimedAt));
    expect(rows.map((row) => [row.email, row.orderId])).toEqual([
      ['name@gmail.com', 'SP-0'],
      ['jane.doe@example.com', 'SP-2'],
      ['+only@example.com', 'SP-4'],
      ['x.y@sub.example.org', 'SP-5'],
      ['...@gmail.com', 'SP-6'],
    ]);
    for (const row of rows) expect(row.email).toBe(canonicalMailbox(row.email));
    expect(written.map(canonicalMailbox).every((mailbox) => rows.some((row) => row.email === mailbox))).toBe(true);
  });

  it('then refuses the trial to another spelling of a mailbox that claimed one before', async () => {
    await t.database.db.insert(trialClaims).values({ email: 'j.o.e+old@googlemail.com', browserId: 'old-browser', orderId: 'SP-9' });
    await rerunMigration(t.database.executeSql);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register-trial',
      payload: newRegistration({ signupType: 'trial', email: 'joe@gmail.com' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This email address has already used its free trial' });
  });
});
