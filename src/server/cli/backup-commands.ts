import { statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { BackupError, dumpPostgres, restoreBackup, writeBackup, type RestoreTarget } from '../db/backup/index';
import { openDatabase } from '../db/connect';
import { DataFolderInUse } from '../db/pglite-folder-lock';
import { isInitialisedDataFolder } from '../db/pglite-template';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (docs/decisions/0090), on
 * the database `npm start` would open: DATABASE_URL's, or the embedded one in DATA_DIR.
 * Each returns its exit status; the entry files (backup.ts, restore.ts) exit with it.
 */

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

const BACKUP_USAGE = 'Usage: npm run backup -- <file>';
const RESTORE_USAGE = 'Usage: npm run restore -- <file> [--force]';

/** A file named on the command line, from the folder npm was run in (npm runs scripts from the project's). */
function fileArgument(name: string, env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), name);
}

/** Which database, in words. */
function describe(config: Config): string {
  if (!config.DATABASE_URL) return `the embedded database in ${config.embeddedDataDir}`;
  return `the PostgreSQL database "${decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1))}"`;
}

const megabytes = (file: string) => `${(statSync(file).size / 1e6).toFixed(1)} MB`;

/** Runs a command; an operator's mistake is one line on stderr and exit status 1, anything else its stack. */
async function reported(out: Output, command: () => Promise<string>): Promise<number> {
  try {
    out.log(await command());
    return 0;
  } catch (error) {
    const known = error instanceof BackupError || error instanceof ConfigError || error instanceof DataFolderInUse;
    out.error(known ? error.message : String((error as Error).stack ?? error));
    return 1;
  }
}

export function backupCommand(args: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const [name, ...rest] = args;
  if (!name || name.startsWith('-') || rest.length > 0) {
    out.error(BACKUP_USAGE);
    return Promise.resolve(2);
  }
  return reported(out, async () => {
    const config = loadConfig(env);
    const file = fileArgument(name, env);
    if (config.DATABASE_URL) {
      await dumpPostgres(config.DATABASE_URL, file, env);
    } else {
      const dataDir = config.embeddedDataDir!;
      if (!isInitialisedDataFolder(dataDir)) throw new BackupError(`There is no embedded database in ${dataDir} to back up (DATA_DIR is ${config.DATA_DIR}).`);
      const database = await openDatabase({ dataDir, pgliteTemplate: null });
      try {
        await writeBackup(database, file, env);
      } finally {
        await database.close();
      }
    }
    return `Backed up ${describe(config)} to ${file} (${megabytes(file)}).`;
  });
}

export function restoreCommand(args: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const force = args.includes('--force');
  const [name, ...rest] = args.filter((arg) => arg !== '--force');
  if (!name || name.startsWith('-') || rest.length > 0) {
    out.error(RESTORE_USAGE);
    return Promise.resolve(2);
  }
  return reported(out, async () => {
    const config = loadConfig(env);
    const file = fileArgument(name, env);
    const target: RestoreTarget = config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.embeddedDataDir! };
    const { replaced } = await restoreBackup(target, file, { force, env });
    const kept = replaced ? ` The database it replaced is kept as ${config.DATABASE_URL ? `the database "${replaced}"` : replaced}: remove it once the store runs as it should.` : '';
    return `Restored ${file} into ${describe(config)}.${kept} Start the store: it applies any newer migrations.`;
  });
}
