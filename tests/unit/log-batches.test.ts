import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/server/http/access-log';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the store's log, written in batches (decision 0057)", () => {
  afterEach(() => vi.useRealTimers());

  it('holds lines until 4 KB wait or 500 ms pass, then writes them all', async () => {
    // Only the logger's flush interval is faked: its writes to the file stay real.
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-log-')), 'store.log');
    const fd = openSync(file, 'a');
    const log = createLogger('info', fd);
    const messages = () => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg);

    log.info('first');
    log.info('second');
    await wait(200);
    expect(messages()).toEqual([]);
    vi.advanceTimersByTime(500);
    await expect.poll(messages).toEqual(['first', 'second']);

    // Past 4 KB (about 20 lines), a batch is written without waiting for the interval.
    for (let line = 0; line < 40; line++) log.info({ padding: 'x'.repeat(100) }, `line ${line}`);
    await expect.poll(() => messages().length).toBeGreaterThanOrEqual(2 + 20);
    log.flush();
    await expect.poll(() => messages().length).toBe(42);
    closeSync(fd);
  });
});
