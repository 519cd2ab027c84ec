import { spawn } from 'node:child_process';
import { BackupError } from './backup-file';

/** PostgreSQL's client tools the backups run; they are programs of their own, not part of Node. */
type Tool = 'pg_dump' | 'pg_restore';

/** Where to get the tools, named when one is missing. */
const INSTALL_HINT =
  "Install PostgreSQL's client tools, of the server's major version or newer: " +
  '"apt-get install postgresql-client" on Debian or Ubuntu, "apk add postgresql-client" on Alpine, ' +
  '"dnf install postgresql" on Fedora, "brew install libpq" on macOS.';

/** A tool that ran and failed: its own words (stderr). */
export class ToolFailed extends BackupError {
  constructor(
    tool: Tool,
    readonly details: string,
  ) {
    super(`${tool} failed: ${details}`);
  }
}

/** The URL's query parameters that libpq also reads from the environment, by variable. */
const LIBPQ_PARAMETERS = [
  ['host', 'PGHOST'],
  ['port', 'PGPORT'],
  ['user', 'PGUSER'],
  ['password', 'PGPASSWORD'],
  ['sslmode', 'PGSSLMODE'],
  ['sslrootcert', 'PGSSLROOTCERT'],
  ['sslcert', 'PGSSLCERT'],
  ['sslkey', 'PGSSLKEY'],
  ['options', 'PGOPTIONS'],
  ['application_name', 'PGAPPNAME'],
  ['connect_timeout', 'PGCONNECT_TIMEOUT'],
] as const;

/** The database a postgres:// URL names. */
export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** The same URL naming another database on the same server, as the same role. */
export function withDatabase(url: string, database: string): string {
  const other = new URL(url);
  other.pathname = `/${encodeURIComponent(database)}`;
  return other.toString();
}

/**
 * The tools' connection, from the store's postgres:// URL, in libpq's environment variables:
 * the password never shows in a command line (ps), and the URL's parameters are read as
 * node-postgres reads them (a `+` in `options` is a space), which libpq's own URL parser
 * would not do.
 */
function libpqEnvironment(url: string, database: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  const set = (variable: string, value: string | null) => {
    if (value) env[variable] = value;
  };
  set('PGHOST', parsed.hostname.replace(/^\[(.*)\]$/, '$1'));
  set('PGPORT', parsed.port);
  set('PGUSER', decodeURIComponent(parsed.username));
  set('PGPASSWORD', decodeURIComponent(parsed.password));
  for (const [parameter, variable] of LIBPQ_PARAMETERS) set(variable, parsed.searchParams.get(parameter));
  // node-postgres's `ssl=true`, which libpq does not know.
  if (!parsed.searchParams.get('sslmode') && parsed.searchParams.get('ssl') === 'true') env.PGSSLMODE = 'require';
  env.PGDATABASE = database;
  return env;
}

/**
 * Runs pg_dump or pg_restore on `database` of the URL's server (its own database when absent);
 * resolves with what it printed. Never asks for a password: a scheduled backup has no one to
 * answer.
 */
export function runTool(tool: Tool, args: string[], connection: { url: string; database?: string; env: NodeJS.ProcessEnv }): Promise<string> {
  const env = { ...connection.env, ...libpqEnvironment(connection.url, connection.database ?? databaseNameOf(connection.url)) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, ['--no-password', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new BackupError(`${tool} was not found on this machine's PATH. ${INSTALL_HINT}`) : error);
    });
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(output).toString());
      else reject(new ToolFailed(tool, errors.trim().split('\n').slice(-5).join(' ') || `exit code ${code}`));
    });
  });
}
