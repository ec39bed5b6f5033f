import { spawnSync } from 'node:child_process';
import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The lock file inside the data folder; its content says who holds it (for the refusal's message only). */
export const LOCK_FILE = 'hub.lock';

/** What the holder writes into the lock file: read back by a second start to say who has the folder. */
export type LockHolder = { pid: number; port: number | null; since: string };

/** A second hub on a data folder another hub holds, or a lock that cannot be taken at all. */
export class DataDirLockError extends Error {
  override name = 'DataDirLockError';
  readonly holder: LockHolder | null;
  constructor(message: string, holder: LockHolder | null) {
    super(message);
    this.holder = holder;
  }
}

export type DataDirLock = {
  /** Writes the port the hub listens on into the lock file, for a second start's message. */
  notePort(port: number): void;
  /** Lets go of the folder (the kernel does the same when the process dies, also by kill -9). */
  release(): void;
};

/** The exit code flock(1) gives when another holds the lock (not 1, which flock also uses for its own errors). */
const HELD_ELSEWHERE = 75;

/**
 * Takes the data folder for this process alone, or throws DataDirLockError.
 *
 * An exclusive flock(2) on `DATA/hub.lock`: the kernel drops it when the last
 * descriptor of the open file goes, so a hub that dies in any way (kill -9,
 * power cut) leaves no stale lock. Node has no flock call, so the util-linux
 * `flock` command takes it on the hub's own descriptor, passed as its fd 3:
 * a flock belongs to the open file, not to the process that asked, so it stays
 * after the command exits, for as long as the hub keeps the file open (why this
 * and not a pid file or a helper process: hub/store/README.md "One hub per data folder").
 */
export function lockDataDir(dataDir: string, pid: number = process.pid, clock: () => Date = () => new Date()): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  // libuv opens with O_CLOEXEC: programs the hub starts later never inherit the lock.
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  const taken = spawnSync('flock', ['--exclusive', '--nonblock', '--conflict-exit-code', String(HELD_ELSEWHERE), '3'], {
    stdio: ['ignore', 'ignore', 'pipe', fd],
  });
  if (taken.status !== 0) {
    closeSync(fd);
    const folder = path.resolve(dataDir);
    if (taken.status === HELD_ELSEWHERE) {
      const holder = readHolder(file);
      throw new DataDirLockError(`Another hub is already running on the data folder ${folder}${describeHolder(holder)}: stop it first, or start this one with another folder (--data DIR).`, holder);
    }
    const why = taken.error ? `the "flock" command is missing (install util-linux): ${taken.error.message}` : taken.stderr.toString().trim() || `flock exited with ${taken.status ?? taken.signal}`;
    throw new DataDirLockError(`Cannot lock the data folder ${folder}, so this hub will not start (two hubs on one folder lose data): ${why}`, null);
  }
  let holder: LockHolder = { pid, port: null, since: clock().toISOString() };
  const write = () => {
    ftruncateSync(fd, 0);
    writeSync(fd, `${JSON.stringify(holder)}\n`, 0);
  };
  write();
  let released = false;
  return {
    notePort(port) {
      if (released) return;
      holder = { ...holder, port };
      write();
    },
    release() {
      if (released) return;
      released = true;
      closeSync(fd);
    },
  };
}

function readHolder(file: string): LockHolder | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof value.pid !== 'number') return null;
    return { pid: value.pid, port: typeof value.port === 'number' ? value.port : null, since: String(value.since ?? '') };
  } catch {
    return null;
  }
}

function describeHolder(holder: LockHolder | null): string {
  if (!holder) return '';
  return holder.port === null ? ` (process ${holder.pid})` : ` (process ${holder.pid}, port ${holder.port})`;
}
