import { existsSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { openDatabase, type Database } from '../connect';
import { lockDataFolder } from '../pglite-folder-lock';
import { isInitialisedDataFolder } from '../pglite-template';
import { assertBackupKind, assertHoldsStore, BackupError, replacedStamp, UNCHANGED, writeThrough, type RestoreOutcome } from './backup-file';

/**
 * The embedded store's backup and restore (docs/decisions/0090): PGlite's dump of its data
 * folder, a gzipped tarball; a restore loads it into a new folder and, once that opens as a
 * store, swaps it with the store's folder.
 */

const gunzipAsync = promisify(gunzip);

/** The open database's data folder into `file`. */
export async function dumpPglite(database: Database, file: string): Promise<void> {
  if (!database.dumpDataFolder) throw new Error('Only the embedded database dumps its data folder');
  const tarball = Buffer.from(await (await database.dumpDataFolder()).arrayBuffer());
  await writeThrough(file, (partial) => writeFile(partial, tarball));
}

const TAR_BLOCK = 512;

/** The names of a tarball's entries, from their ustar headers. */
function tarEntryNames(tar: Buffer): string[] {
  const names: string[] = [];
  // A ustar field is text ended by a NUL or by its length.
  const text = (start: number, length: number, at: number) => tar.subarray(at + start, at + start + length).toString('utf8').split('\0')[0]!;
  for (let at = 0; at + TAR_BLOCK <= tar.length; ) {
    if (tar.subarray(at, at + TAR_BLOCK).every((byte) => byte === 0)) break;
    const prefix = text(345, 155, at);
    names.push(prefix ? `${prefix}/${text(0, 100, at)}` : text(0, 100, at));
    const size = parseInt(text(124, 12, at).trim() || '0', 8);
    at += TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
  }
  return names;
}

/**
 * The backup's bytes, once it is known whole: gzip's trailer (its length and CRC) shows a
 * cut or damaged file, and a data folder holds PG_VERSION at its top.
 */
async function readArchive(file: string): Promise<Buffer> {
  await assertBackupKind(file, 'pglite');
  const archive = await readFile(file);
  const tar = await gunzipAsync(archive).catch((error: Error) => {
    throw new BackupError(`${file} cannot be read: it is truncated or damaged (${error.message}). ${UNCHANGED}`);
  });
  if (!tarEntryNames(tar).some((name) => name.replace(/^\.?\//, '') === 'PG_VERSION')) {
    throw new BackupError(`${file} is a gzip archive, but not of a database's data folder (it holds no PG_VERSION). ${UNCHANGED}`);
  }
  return archive;
}

/**
 * Restores `file` into the data folder: into a new folder beside it first, which takes the
 * folder's place only once it opens and holds the store, so a truncated or foreign file
 * leaves the folder as it was. The folder replaced is kept beside it when it held a database.
 */
export async function restorePglite(dataDir: string, file: string, { force }: { force: boolean }): Promise<RestoreOutcome> {
  const archive = await readArchive(file);
  const occupied = isInitialisedDataFolder(dataDir);
  if (occupied && !force) {
    throw new BackupError(
      `The embedded database in ${dataDir} is not empty: a restore replaces everything in it. ` +
        `Run again with --force to replace it; the folder it replaces is kept beside it. ${UNCHANGED}`,
    );
  }
  // No store may run on the folder meanwhile, nor start.
  const release = lockDataFolder(dataDir);
  try {
    const fresh = `${dataDir}.restoring-${process.pid}`;
    rmSync(fresh, { recursive: true, force: true });
    try {
      await loadInto(fresh, archive, file);
    } catch (error) {
      rmSync(fresh, { recursive: true, force: true });
      throw error;
    }
    const replaced = occupied ? `${dataDir}.replaced-${replacedStamp()}` : null;
    if (replaced) renameSync(dataDir, replaced);
    else if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
    renameSync(fresh, dataDir);
    return { replaced };
  } finally {
    release();
  }
}

async function loadInto(folder: string, archive: Buffer, file: string): Promise<void> {
  const database = await openDatabase({ dataDir: folder, loadDataDir: new Blob([new Uint8Array(archive)], { type: 'application/gzip' }), pgliteTemplate: null }).catch(
    (error: Error) => {
      throw new BackupError(`${file} could not be opened as a database (${error.message}). ${UNCHANGED}`);
    },
  );
  try {
    await assertHoldsStore((text) => database.executeSql(text), file);
  } finally {
    await database.close();
  }
}
