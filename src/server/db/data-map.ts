import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot, queryRows, type Database } from './connect';
import { sql } from 'drizzle-orm';

/**
 * The data map (docs/data.md, `npm run db:map`): every table of the migrated database with the
 * code that owns it (the schema.ts that declares it), its foreign keys (and whether drizzle-kit
 * knows each or only a migration has it, decision 0047), and the triggers and SQL functions
 * that write it (the admin's kept figures, decisions 0049 and 0055). Read from the database
 * itself, so tests/api/data-map.test.ts fails when a migration changes what the map says.
 */

/** Each table's owner: the folder whose schema.ts declares it, read as text (the walls let no other code import them). */
function tableOwners(): Map<string, string> {
  const server = path.join(projectRoot(), 'src', 'server');
  const owners = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name === 'schema.ts' && dir !== server) {
        for (const [, table] of readFileSync(full, 'utf8').matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)) owners.set(table!, path.relative(server, dir).split(path.sep).join('/'));
      }
    }
  };
  visit(server);
  return owners;
}

/** The foreign keys drizzle-kit knows: those of its latest snapshot (drizzle/meta). */
function drizzleForeignKeys(): Set<string> {
  const meta = path.join(projectRoot(), 'drizzle', 'meta');
  const latest = readdirSync(meta).filter((name) => name.endsWith('_snapshot.json')).sort().at(-1)!;
  const snapshot = JSON.parse(readFileSync(path.join(meta, latest), 'utf8')) as { tables: Record<string, { foreignKeys: Record<string, unknown> }> };
  return new Set(Object.values(snapshot.tables).flatMap((table) => Object.keys(table.foreignKeys)));
}

interface ForeignKey { table: string; name: string; columns: string; target: string; onDelete: string }
interface Trigger { table: string; name: string; fn: string }

/** The tables a function's body inserts into, updates or deletes from. */
function tablesWritten(body: string, tables: readonly string[]): string[] {
  const written = new Set<string>();
  for (const [, name] of body.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:public\.)?"?([a-z_0-9]+)"?/gi)) {
    if (tables.includes(name!.toLowerCase())) written.add(name!.toLowerCase());
  }
  return [...written].sort();
}

const DELETE_RULES: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/** The map as markdown, from the database's catalogue: the same text on PGlite and PostgreSQL. */
export async function dataMap(database: Database): Promise<string> {
  const tables = (await queryRows<{ name: string }>(database.db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).map((row) => row.name);
  const foreignKeys = await queryRows<ForeignKey & { deleteRule: string }>(
    database.db,
    sql`select c.conrelid::regclass::text as "table", c.conname as name,
               (select string_agg(a.attname, ', ' order by a.attnum) from pg_attribute a where a.attrelid = c.conrelid and a.attnum = any(c.conkey)) as columns,
               c.confrelid::regclass::text || '(' || (select string_agg(a.attname, ', ' order by a.attnum) from pg_attribute a where a.attrelid = c.confrelid and a.attnum = any(c.confkey)) || ')' as target,
               c.confdeltype as "deleteRule"
          from pg_constraint c
         where c.contype = 'f' and c.connamespace = 'public'::regnamespace
         order by 1, 2`,
  );
  const triggers = await queryRows<Trigger>(
    database.db,
    sql`select t.tgrelid::regclass::text as "table", t.tgname as name, p.proname as fn
          from pg_trigger t join pg_proc p on p.oid = t.tgfoid
         where not t.tgisinternal and t.tgrelid in (select c.oid from pg_class c where c.relnamespace = 'public'::regnamespace)
         order by 1, 2`,
  );
  const functions = await queryRows<{ name: string; body: string }>(
    database.db,
    sql`select proname as name, prosrc as body from pg_proc where pronamespace = 'public'::regnamespace order by proname`,
  );
  const owners = tableOwners();
  const known = drizzleForeignKeys();
  const writers = new Map<string, string[]>();
  for (const fn of functions) for (const table of tablesWritten(fn.body, tables)) writers.set(table, [...(writers.get(table) ?? []), fn.name]);

  const lines = [
    '# The data map',
    '',
    'Every table of the migrated database: the code that owns it (only its owner writes it, ARCHITECTURE.md),',
    'its foreign keys, and the triggers and SQL functions that write it. Written by `npm run db:map` from',
    'the migrations in `drizzle/`; `tests/api/data-map.test.ts` fails when this file and the database disagree.',
    'A foreign key marked "migration" is written in a migration only, not known to drizzle-kit (decision 0047).',
    '',
  ];
  for (const table of tables) {
    lines.push(`## ${table}`, '', `- Owner: ${owners.has(table) ? `\`src/server/${owners.get(table)}\`` : 'none (a table no schema.ts declares)'}`);
    for (const key of foreignKeys.filter((fk) => fk.table === table)) {
      lines.push(`- Foreign key \`${key.columns}\` → \`${key.target}\`, on delete ${DELETE_RULES[key.deleteRule] ?? key.deleteRule} (${known.has(key.name) ? 'drizzle' : 'migration'})`);
    }
    for (const trigger of triggers.filter((tr) => tr.table === table)) lines.push(`- Trigger \`${trigger.name}\` runs \`${trigger.fn}()\``);
    for (const fn of writers.get(table) ?? []) lines.push(`- Written by the function \`${fn}()\``);
    lines.push('');
  }
  return lines.join('\n');
}
