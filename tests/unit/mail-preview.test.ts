import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMPLATE_SAMPLES } from '../../src/server/cli/email-samples';

const root = path.resolve(import.meta.dirname, '..', '..');
/** The folders that hold email templates: the mail feature's, the renewals' (decision 0087), the panel watch's alert to the owner (decision 0093) and the incidents' (decision 0094). */
const templateHomes = ['mail/templates', 'renewals', 'panel-watch', 'incidents'].map((folder) => path.join(root, 'src', 'server', 'features', ...folder.split('/')));
const catalogFile = path.join(root, 'src', 'server', 'cli', 'email-samples.tsx');
/** A template is a .tsx file drawn in the frame; the component each exports. */
const templateComponents = templateHomes.flatMap((folder) =>
  readdirSync(folder)
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => ({ file, source: readFileSync(path.join(folder, file), 'utf8') }))
    .filter(({ source }) => source.includes('<EmailLayout'))
    .map(({ file, source }) => ({ file, component: /export function (\w+)\(/.exec(source)?.[1] })),
);
/** The script starts Node and Vite: seconds, more on a busy machine. */
const SCRIPT_TIMEOUT_MS = 60_000;

describe('npm run mail:preview', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'mail-preview-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes one HTML file per template, with sample data', () => {
    const run = spawnSync('npm', ['run', '--silent', 'mail:preview', '--', folder], { cwd: root, encoding: 'utf8', timeout: SCRIPT_TIMEOUT_MS });
    expect(run.status, run.stderr).toBe(0);
    const files = readdirSync(folder).sort();
    expect(files).toEqual(Object.keys(TEMPLATE_SAMPLES).map((name) => `${name}.html`).sort());
    expect(files).toContain('order-confirmation.html');
    expect(files).toContain('renewal-reminder.html');
    expect(files).toContain('win-back.html');
    for (const file of files) {
      const html = readFileSync(path.join(folder, file), 'utf8');
      expect(html, file).toMatch(/^<!DOCTYPE html/);
      expect(html, file).toContain('class="sp-button"');
    }
    expect(readFileSync(path.join(folder, 'order-confirmation.html'), 'utf8')).toContain('SP-1732000000000-123456');
    expect(readFileSync(path.join(folder, 'renewal-reminder.html'), 'utf8')).toContain('http://localhost:5000/unsubscribe?token=sample-token');
    expect(readFileSync(path.join(folder, 'refund.html'), 'utf8')).not.toContain('unsubscribe');
  }, SCRIPT_TIMEOUT_MS);

  it('fails with its usage when no folder is given', () => {
    const run = spawnSync('npm', ['run', '--silent', 'mail:preview'], { cwd: root, encoding: 'utf8', timeout: SCRIPT_TIMEOUT_MS });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: npm run mail:preview -- <folder>');
  }, SCRIPT_TIMEOUT_MS);

  it('has every template of the templates folders in the catalog it previews', () => {
    const catalog = readFileSync(catalogFile, 'utf8');
    expect(templateComponents.length).toBeGreaterThanOrEqual(5);
    for (const { file, component } of templateComponents) expect(catalog, file).toContain(`<${component} `);
  });
});
