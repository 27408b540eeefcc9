import fs from 'node:fs';

const heldHere = new Set<string>();

export class DatabaseLockedError extends Error {}

/**
 * PGlite is single-process: two servers on one folder would corrupt it. The lock file holds the owner's
 * pid; a lock left by a process that no longer runs is taken over.
 */
export function lockPgliteFolder(folder: string): () => void {
  const lockPath = `${folder}.lock`;
  if (heldHere.has(lockPath)) throw lockedError(folder, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldHere.add(lockPath);
      return () => {
        heldHere.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (isRunning(owner)) throw lockedError(folder, owner);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw lockedError(folder, NaN);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockedError(folder: string, pid: number): DatabaseLockedError {
  return new DatabaseLockedError(
    `The database folder ${folder} is in use by another Cinegraph process (pid ${pid}). ` +
      'Stop that process first, use another DATA_DIR, or set DATABASE_URL to run several processes on PostgreSQL.',
  );
}
