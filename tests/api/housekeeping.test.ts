import { describe, expect, it } from 'vitest';
import { rateLimits, session } from '../../src/server/schema';
import { HOUSEKEEPING_JOB } from '../../src/server/http/housekeeping';
import { useTestApp } from '../support/test-app';

describe('housekeeping', () => {
  const t = useTestApp();

  it('removes ended sessions and past attempt windows, and keeps live ones', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60 * 60_000);
    await t.database.db.insert(session).values([
      { sid: 'ended', sess: {}, expire: past },
      { sid: 'live', sess: {}, expire: future },
    ]);
    await t.database.db.insert(rateLimits).values([
      { key: 'login:ip:old', hits: 3, resetAt: past },
      { key: 'login:ip:now', hits: 3, resetAt: future },
    ]);
    await t.services.jobs.send(HOUSEKEEPING_JOB, {});
    expect(await t.services.jobs.drain()).toBe(1);
    expect((await t.database.db.select().from(session)).map((s) => s.sid)).toEqual(['live']);
    expect((await t.database.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['login:ip:now']);
  });
});
