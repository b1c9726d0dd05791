import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has one writer per folder: two processes on the same data folder silently lose writes.
 * This lock file (holding the owner's pid) makes the second process stop with a clear message.
 */
const heldByThisProcess = new Set<string>();

/** Another live process (a running server, most often) holds the folder: the CLIs tell what to do. */
export class DataDirInUseError extends Error {
  readonly dataDir: string;
  /** The holder's pid, from its lock file (a lock without a live pid in it is stale, and taken over). */
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another server process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another folder, or use DATABASE_URL for several processes.',
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

export const acquireDataDirLock = (dataDir: string): (() => void) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  if (heldByThisProcess.has(lockPath)) {
    throw new Error(`The data folder ${dataDir} is in use by this process already (pid ${process.pid}).`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldByThisProcess.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(lockPath);
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (isRunning(owner) && owner !== process.pid) {
        throw new DataDirInUseError(dataDir, owner);
      }
      // The owner died without cleaning up (or its pid is now ours, reused): the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
};

const isRunning = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
