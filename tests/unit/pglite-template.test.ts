import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { copyTemplateIfNew, replaceFolder } from '../../src/server/db/pglite-template';

let root: string;
let template: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'pglite-template-test-'));
  template = path.join(root, 'template');
  mkdirSync(path.join(template, 'base'), { recursive: true });
  writeFileSync(path.join(template, 'PG_VERSION'), '17\n');
  writeFileSync(path.join(template, 'base', 'table'), 'rows');
});

describe('a new PGlite data folder starts as a copy of the template (decision 0019)', () => {
  it('copies the template into an absent folder, leaving no partial copy beside it', async () => {
    const dataDir = path.join(root, 'data', 'pglite');
    mkdirSync(path.dirname(dataDir));
    expect(await copyTemplateIfNew(dataDir, template)).toBe(true);
    expect(readFileSync(path.join(dataDir, 'base', 'table'), 'utf8')).toBe('rows');
    expect(readdirSync(path.dirname(dataDir))).toEqual(['pglite']);
  });

  it('copies it into an empty folder', async () => {
    const dataDir = path.join(root, 'empty');
    mkdirSync(dataDir);
    expect(await copyTemplateIfNew(dataDir, template)).toBe(true);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('never touches a folder that holds anything', async () => {
    const dataDir = path.join(root, 'used');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'PG_VERSION'), '16\n');
    expect(await copyTemplateIfNew(dataDir, template)).toBe(false);
    expect(readdirSync(dataDir)).toEqual(['PG_VERSION']);
    expect(readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('16\n');
  });

  it('leaves a new folder to initdb when the build made no template', async () => {
    const dataDir = path.join(root, 'no-template');
    expect(await copyTemplateIfNew(dataDir, path.join(root, 'missing'))).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('replaces a template only once the new one is complete', async () => {
    await replaceFolder(template, async (partial) => {
      expect(readFileSync(path.join(template, 'base', 'table'), 'utf8')).toBe('rows');
      await mkdir(partial);
      await writeFile(path.join(partial, 'PG_VERSION'), '18\n');
    });
    expect(readdirSync(template)).toEqual(['PG_VERSION']);
    expect(readFileSync(path.join(template, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(readdirSync(root)).toEqual(['template']);
  });
});
