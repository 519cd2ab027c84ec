import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The decision records' rules (ARCHITECTURE.md, "A decision record"): `Status:` and `Date:`
 * under the title, at most 1,500 words (benchmark logs and plans go to docs/measurements/),
 * and one line each in docs/decisions/README.md that names an existing file.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const decisionsDir = path.join(root, 'docs', 'decisions');
const MAX_WORDS = 1_500;
const STATUS = /^Status: (accepted|superseded by (\d{4})|amended by (\d{4}(?:(?:, | and )\d{4})*))$/;
const DATE = /^Date: (\d{4}-\d{2}-\d{2})$/;

const recordFiles = readdirSync(decisionsDir).filter((file) => /^\d{4}-.+\.md$/.test(file)).sort();
const read = (file: string) => readFileSync(path.join(decisionsDir, file), 'utf8');
/** Words as `wc -w` counts them: runs of characters between whitespace. */
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

interface IndexLine {
  number: string;
  file: string;
  status: string;
  date: string;
}

/** The index's table rows: `| NNNN | [title](file) | status | date |`. */
function indexLines(): IndexLine[] {
  return read('README.md')
    .split('\n')
    .flatMap((line) => {
      const row = /^\| (\d{4}) \| \[[^\]]+\]\(([^)]+)\) \| ([^|]+) \| ([^|]+) \|$/.exec(line);
      if (!row) return [];
      const [, number = '', file = '', status = '', date = ''] = row;
      return [{ number, file, status: status.trim(), date: date.trim() }];
    });
}

describe('the decision records', () => {
  it('are there to check', () => {
    expect(recordFiles.length).toBeGreaterThan(70);
  });

  it.each(recordFiles)('%s starts with its title, Status: and Date:', (file) => {
    const [title = '', status = '', date = ''] = read(file).split('\n');
    expect(title).toMatch(new RegExp(`^# ${file.slice(0, 4)} \\S`));
    const statusMatch = STATUS.exec(status);
    expect(statusMatch, `${file}: "${status}"`).not.toBeNull();
    const later = (statusMatch?.[2] ?? statusMatch?.[3] ?? '').match(/\d{4}/g) ?? [];
    for (const number of later) {
      expect(number > file.slice(0, 4), `${file} points at an earlier record ${number}`).toBe(true);
      expect(recordFiles.some((other) => other.startsWith(`${number}-`)), `${file}: no record ${number}`).toBe(true);
    }
    const dateMatch = DATE.exec(date);
    expect(dateMatch, `${file}: "${date}"`).not.toBeNull();
    expect(new Date(`${dateMatch?.[1]}T00:00:00Z`).toISOString().slice(0, 10)).toBe(dateMatch?.[1]);
  });

  it.each(recordFiles)(`%s is at most ${MAX_WORDS} words`, (file) => {
    expect(wordCount(read(file))).toBeLessThanOrEqual(MAX_WORDS);
  });

  it.each(recordFiles)('%s links only measurements that exist', (file) => {
    for (const [, target = ''] of read(file).matchAll(/\]\((\.\.\/measurements\/[^)#]+)/g)) {
      expect(existsSync(path.join(decisionsDir, target)), `${file} -> ${target}`).toBe(true);
    }
  });
});

describe('docs/decisions/README.md', () => {
  const lines = indexLines();

  it('has one line for every record, with its status and date', () => {
    expect(lines.map((line) => line.file)).toEqual(recordFiles);
    for (const line of lines) {
      const [, status = '', date = ''] = read(line.file).split('\n');
      expect(line.file.startsWith(`${line.number}-`), line.file).toBe(true);
      expect(`Status: ${line.status}`, line.file).toBe(status);
      expect(`Date: ${line.date}`, line.file).toBe(date);
    }
  });

  it('names only files that exist', () => {
    for (const line of lines) expect(existsSync(path.join(decisionsDir, line.file)), line.file).toBe(true);
  });
});

describe('docs/measurements', () => {
  const measurementsDir = path.join(root, 'docs', 'measurements');
  const files = readdirSync(measurementsDir).sort();

  it.each(files)('%s belongs to a record of the same name, which links it', (file) => {
    expect(recordFiles, file).toContain(file);
    expect(read(file)).toContain(`(../measurements/${file})`);
  });
});
