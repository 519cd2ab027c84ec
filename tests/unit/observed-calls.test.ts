import { describe, expect, it } from 'vitest';
import { observeCalls } from '../../src/server/lib/observed-calls';
import { LineUsernameTakenError, panelCallResult } from '../../src/server/providers/provisioning/index';

/** A provider-like class: methods on its prototype, a property, a method that throws before its promise. */
class Panel {
  readonly kind = 'xtream-panel';
  constructor(private readonly lines: string[]) {}
  async createLine(username: string): Promise<{ lineId: string }> {
    if (this.lines.includes(username)) throw new LineUsernameTakenError('taken');
    this.lines.push(username);
    return { lineId: String(this.lines.length) };
  }
  lineCount(): number {
    return this.lines.length;
  }
  disableLine(lineId: string): Promise<void> {
    if (!lineId) throw new Error('no line');
    return Promise.reject(new Error('Xtream panel answered HTTP 503 to disable_line'));
  }
}

describe('observeCalls', () => {
  it('reports each call of any method, with its error, and passes results, errors and properties on unchanged', async () => {
    const calls: Array<[string, string, number]> = [];
    const panel = observeCalls(new Panel([]), (method, error, seconds) => calls.push([method, panelCallResult(error), seconds]));

    expect(panel.kind).toBe('xtream-panel');
    expect(await panel.createLine('spabc')).toEqual({ lineId: '1' });
    await expect(panel.createLine('spabc')).rejects.toBeInstanceOf(LineUsernameTakenError);
    await expect(panel.disableLine('1')).rejects.toThrow('HTTP 503');
    expect(() => panel.disableLine('')).toThrow('no line');
    expect(panel.lineCount()).toBe(1);

    expect(calls.map(([method, result]) => [method, result])).toEqual([
      ['createLine', 'ok'],
      ['createLine', 'refused'],
      ['disableLine', 'failed'],
      ['disableLine', 'failed'],
      ['lineCount', 'ok'],
    ]);
    for (const [, , seconds] of calls) expect(seconds).toBeGreaterThanOrEqual(0);
  });
});
