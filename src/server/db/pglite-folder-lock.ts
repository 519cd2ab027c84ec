import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** A data folder another live process has open. */
export class DataFolderInUse extends Error {
  constructor(dataDir: string, pid: number, lockFile: string) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running store?): stop it first. ` +
        `If no store runs, remove ${lockFile}.`,
    );
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Holds an embedded data folder for this process; returns its release. PGlite takes no lock
 * of its own, and a second process opening a folder in use (a backup, a restore,
 * admin:create, a second store) would run PostgreSQL's crash recovery on the files the first
 * is writing (docs/decisions/0090). The lock is a file beside the folder naming the holder's
 * pid: one left by a process that has ended is taken over, and so is one naming this very
 * pid, which in a container is the same pid 1 after every restart.
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (holder !== process.pid && isAlive(holder)) throw new DataFolderInUse(dataDir, holder, lockFile);
    rmSync(lockFile, { force: true });
  }
  throw new Error(`Could not take ${lockFile}: other processes keep taking it`);
}
