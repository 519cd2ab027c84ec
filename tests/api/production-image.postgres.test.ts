import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { buildIfNeededInBackground, root } from '../../scripts/build-if-needed.mjs';
import { envOf, execForm, readStages, type Instruction } from '../support/dockerfile';
import { freePort } from '../support/free-port';
import { newPostgresDatabase } from '../support/test-db';

/**
 * The container image's runtime stage, taken step by step in a clean folder, as Docker would
 * in the image: its package files, its production-only install, the built output it copies,
 * then its CMD with its ENV (NODE_ENV=production) against PostgreSQL, and its HEALTHCHECK.
 * This machine has no container engine; this keeps the Dockerfile from drifting from a store
 * that starts (decision 0092). PostgreSQL only (the file name keeps it out of the PGlite
 * project), as compose.yaml runs it.
 */
const stages = readStages(path.join(root, 'Dockerfile'));
const runtime = stages.at(-1)!;

/** The image's own set-up, which needs root on Debian and cannot run here: packages, folders, owners. */
const ROOT_ONLY_STEP = /^(apt-get|mkdir|chown) /;
/** The steps taken here: npm's, in the folder standing in for the image's. */
const NPM_STEP = /^npm /;
const DEV_ONLY_PACKAGES = ['vite', 'vitest', 'typescript', 'eslint', 'drizzle-kit'];
const SESSION_SECRET = 'production-image-test-session-secret-32+';

/** What an install may need from this machine: npm's cache and registry, proxies; nothing of the test runner's. */
function installEnvironment(): Record<string, string> {
  const wanted = /^(PATH|HOME|TMPDIR|https?_proxy|no_proxy|npm_config_(registry|cache|.*proxy))$/i;
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => wanted.test(entry[0]) && entry[1] !== undefined));
}

/** Where a path of the image lies in the folder standing in for it. */
function inImage(imagePath: string, imageRoot: string, workdir: string): string {
  return path.join(imageRoot, path.posix.isAbsolute(imagePath) ? imagePath : path.posix.join(workdir, imagePath));
}

/** A COPY: from the build context (the repository), or from a build stage, whose output is the repository's own build. */
function copyStep(step: Instruction, imageRoot: string, workdir: string): void {
  const [destination, ...sources] = step.args.split(/\s+/).reverse();
  const stageWorkdir = step.flags.from ? stages.find((stage) => stage.name === step.flags.from)?.instructions.find((i) => i.keyword === 'WORKDIR')?.args : undefined;
  if (step.flags.from && !stageWorkdir) throw new Error(`COPY --from=${step.flags.from}: no such stage with a WORKDIR`);
  const target = inImage(destination!, imageRoot, workdir);
  for (const source of sources.reverse()) {
    const from = stageWorkdir ? path.join(root, path.posix.relative(stageWorkdir, source)) : path.join(root, source);
    if (!existsSync(from)) throw new Error(`COPY ${step.args}: ${from} does not exist`);
    cpSync(from, destination!.endsWith('/') ? path.join(target, path.basename(source)) : target, { recursive: true });
  }
}

/** Runs a shell command in a folder to its end: its exit code and output. */
function shell(command: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return outcomeOf(child);
}

function outcomeOf(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/** What an install left in node_modules: packages (as npm counts them), files and bytes. */
function installed(nodeModules: string): { packages: number; files: number; bytes: number } {
  const lock = JSON.parse(readFileSync(path.join(nodeModules, '.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  const files = readdirSync(nodeModules, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile());
  const bytes = files.reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
  return { packages: Object.keys(lock.packages).length, files: files.length, bytes };
}

/** Folders above `dir` holding a node_modules, from which the store could load what its own install lacks. */
function nodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  for (let parent = path.dirname(dir); parent !== path.dirname(parent); parent = path.dirname(parent)) {
    if (existsSync(path.join(parent, 'node_modules'))) found.push(parent);
  }
  return found;
}

async function waitUntilReady(base: string, store: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (store.exitCode !== null) throw new Error(`the store exited with ${store.exitCode}:\n${output()}`);
    if ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the store did not answer /readyz:\n${output()}`);
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

describe('the container image, its runtime steps taken in a clean folder', () => {
  const imageRoot = mkdtempSync(path.join(tmpdir(), 'storefront-image-'));
  const dataDir = path.join(imageRoot, 'data');
  let workdir = '/';
  let appDir = imageRoot;
  let env: Record<string, string> = {};
  let cmd: string[] = [];
  let healthcheck: string[] = [];
  let healthcheckTimeoutMs = 0;
  let user = 'root';
  let database: Awaited<ReturnType<typeof newPostgresDatabase>> | undefined;
  let store: ChildProcess | undefined;
  let exited: Promise<number | null>;
  let storeOutput = '';
  let base = '';
  let storeEnv: Record<string, string> = {};

  beforeAll(async () => {
    // The build stage's output: this repository's bundle, made by the same command (asserted below).
    await buildIfNeededInBackground();
    for (const step of runtime.instructions) {
      switch (step.keyword) {
        case 'ENV':
          env = { ...env, ...envOf(step) };
          break;
        case 'WORKDIR':
          workdir = step.args;
          appDir = inImage(workdir, imageRoot, '/');
          mkdirSync(appDir, { recursive: true });
          break;
        case 'COPY':
          copyStep(step, imageRoot, workdir);
          break;
        case 'RUN': {
          if (ROOT_ONLY_STEP.test(step.args)) {
            console.info(`RUN ${step.args}: not taken here (root on Debian)`);
            break;
          }
          if (!NPM_STEP.test(step.args)) throw new Error(`RUN ${step.args}: neither npm's step nor the image's root set-up; teach this test what it is`);
          const started = Date.now();
          const install = await shell(step.args, appDir, { ...installEnvironment(), ...env });
          if (install.code !== 0) throw new Error(`RUN ${step.args} exited with ${install.code}:\n${install.output}`);
          const { packages, files, bytes } = installed(path.join(appDir, 'node_modules'));
          console.info(`RUN ${step.args}: ${packages} packages, ${files} files, ${(bytes / 1024 ** 2).toFixed(0)} MB in ${seconds(started)}`);
          break;
        }
        case 'USER':
          user = step.args;
          break;
        case 'HEALTHCHECK':
          healthcheck = execForm(step.args.replace(/^CMD\s+/, ''));
          healthcheckTimeoutMs = Number(/^(\d+)s$/.exec(step.flags.timeout ?? '30s')?.[1]) * 1000;
          break;
        case 'ENTRYPOINT':
          throw new Error(`ENTRYPOINT ${step.args}: it would run before the CMD, when the image starts node itself (decision 0092)`);
        case 'CMD':
          cmd = execForm(step.args);
          break;
        case 'EXPOSE':
          break;
        default:
          throw new Error(`the image's ${step.keyword} ${step.args}: this test does not know how to take that step; teach it before adding it`);
      }
    }
    // The image's files belong to root and its user may not write them: neither may the store here
    // (unless this test itself runs as root, as some CI machines do).
    spawnSync('chmod', ['-R', 'a-w', appDir]);
    mkdirSync(dataDir);

    database = await newPostgresDatabase('storefront_image');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    storeEnv = {
      PATH: process.env.PATH!,
      ...env,
      // What compose.yaml and .env set, for a store only this machine reaches.
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SESSION_SECRET,
      PUBLIC_URL: base,
      TRUST_PROXY: '1',
    };
    const [program, ...args] = cmd;
    expect(program).toBe('node');
    const started = Date.now();
    store = spawn(process.execPath, args, { cwd: appDir, env: storeEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    exited = new Promise((resolve) => store!.once('close', resolve));
    store.stdout!.on('data', (chunk) => (storeOutput += chunk));
    store.stderr!.on('data', (chunk) => (storeOutput += chunk));
    await waitUntilReady(base, store, () => storeOutput);
    console.info(`${cmd.join(' ')} with NODE_ENV=${storeEnv.NODE_ENV}: ready on an empty PostgreSQL database (migrated, seeded) in ${seconds(started)}`);
  }, 600_000);

  afterAll(async () => {
    if (store && store.exitCode === null) {
      store.kill('SIGKILL');
      await exited;
    }
    await database?.drop();
    spawnSync('chmod', ['-R', 'u+w', imageRoot]);
    rmSync(imageRoot, { recursive: true, force: true });
  });

  /** The image's HEALTHCHECK, run as Docker runs it: in the container's environment, killed at its timeout. */
  async function healthcheckExitCode(): Promise<number | null> {
    const [program, ...args] = healthcheck;
    expect(program).toBe('node');
    const check = spawn(process.execPath, args, { cwd: appDir, env: storeEnv, stdio: ['ignore', 'pipe', 'pipe'], timeout: healthcheckTimeoutMs });
    return (await outcomeOf(check)).code;
  }

  it('starts node itself, not npm or a shell, as a user other than root, in production', () => {
    expect(cmd).toEqual(['node', 'dist/server/main.js']);
    expect(user).toBe('node');
    expect(env.NODE_ENV).toBe('production');
    // The build stage makes the bundle with the command this test's build ran.
    const build = stages.find((stage) => stage.name === 'build')!;
    expect(build.instructions.filter((step) => step.keyword === 'RUN').map((step) => step.args)).toContain('NODE_ENV=production npm run build:bundle');
  });

  it('installs the production dependencies only, in a folder with no other node_modules above it', () => {
    expect(nodeModulesAbove(appDir)).toEqual([]);
    const has = (name: string) => existsSync(path.join(appDir, 'node_modules', name, 'package.json'));
    for (const name of ['fastify', 'pg', '@node-rs/argon2', '@electric-sql/pglite', 'react-dom']) expect(has(name), name).toBe(true);
    for (const name of DEV_ONLY_PACKAGES) expect(has(name), name).toBe(false);
  });

  it('keeps secrets and local state out of what the image is built from', () => {
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.env', 'node_modules', 'dist', 'data']) expect(ignored).toContain(entry);
  });

  it('answers /readyz, the landing page and the package list', async () => {
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready' });
    const landing = await fetch(`${base}/`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await landing.text();
    expect(html).toContain('<title>StreamPlus IPTV - Premium 4K streaming with gift card cashback</title>');
    expect(html).toContain('Premium IPTV in');
    const packages = await fetch(`${base}/api/packages`);
    expect(packages.status).toBe(200);
    expect(await packages.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ duration: '1 Month', price: '15.99' }), expect.objectContaining({ duration: '3 Months', price: '39.99' })]),
    );
  });

  it('passes its HEALTHCHECK while it runs', async () => {
    expect(await healthcheckExitCode()).toBe(0);
  });

  it('drains on SIGTERM and exits 0, after which its HEALTHCHECK fails', async () => {
    const signalled = Date.now();
    store!.kill('SIGTERM');
    const code = await exited;
    console.info(`SIGTERM: exited with ${code} after ${Date.now() - signalled} ms`);
    expect(code).toBe(0);
    expect(storeOutput).toContain('shutting down: draining requests');
    expect(await healthcheckExitCode()).toBe(1);
  }, 30_000);
});
