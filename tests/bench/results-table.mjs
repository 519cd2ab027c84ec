// The benches' rows ({ section, name, value, unit, limit?, target?, note? }) as one aligned
// table on stdout and as bench/results.json with what the run ran on.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/build-if-needed.mjs';
import { fmt } from './support.mjs';

function number(value, unit) {
  if (value === null || value === undefined) return '';
  if (unit === 'x' || Math.abs(value) < 10) return fmt(value, unit === '' ? 0 : 2);
  return fmt(value, Math.abs(value) < 1000 && unit !== '' ? 1 : 0);
}

export function printTable(rows) {
  const cells = rows.map((row) => [
    row.name,
    row.value === null ? row.note : `${number(row.value, row.unit)} ${row.unit}`.trim(),
    row.limit === undefined ? '' : `${number(row.limit, row.unit)} ${row.unit}`.trim(),
    row.target ?? '',
    row.value === null ? '' : (row.note ?? ''),
  ]);
  const header = ['', 'value', 'limit', 'target', ''];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i].length)));
  const line = (cell) => cell.map((text, i) => (i === 0 || i === 4 ? text.padEnd(widths[i]) : text.padStart(widths[i]))).join('  ').trimEnd();
  let section;
  console.log(line(header));
  rows.forEach((row, i) => {
    if (row.section !== section) console.log(`\n${(section = row.section)}`);
    console.log(line(cells[i]));
  });
}

export function writeResults(rows, startedAt) {
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const file = path.join(root, 'bench', 'results.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const run = { date: startedAt.toISOString(), node: process.version, cores: cpus().length, commit, rows };
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  return file;
}
