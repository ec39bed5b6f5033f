import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { makePrivateDir, PRIVATE_DIR_MODE, writeFileAtomic } from './durable-fs.ts';

/**
 * A lowdb adapter that really reaches the disk: lowdb's own file writer
 * renames a temp file without fsync, so an acknowledged write could vanish
 * in a power cut. Only for small whole documents (settings, identity).
 */
export class DurableJsonFile<T> implements Adapter<T> {
  private readonly file: string;
  private readonly mode: number | undefined;

  /** `mode`: the file's permissions, set again at every write (0o600 for secrets); by default a new file is created 0o600. */
  constructor(file: string, mode?: number) {
    this.file = file;
    this.mode = mode;
  }

  async read(): Promise<T | null> {
    try {
      return JSON.parse(await fs.readFile(this.file, 'utf8')) as T;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async write(data: T): Promise<void> {
    await writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`, this.mode);
  }
}

/** Who this data directory is: its id changes only when the data is started afresh. */
export type StoreMeta = { storeId: string; createdAt: string; format: number };

export async function openMeta(dir: string, now: Date): Promise<StoreMeta> {
  await makePrivateDir(dir);
  // A data directory made by hand (or by an older hub) is closed to other users too; one we do not own is left alone.
  await fs.chmod(dir, PRIVATE_DIR_MODE).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPERM') throw err;
  });
  const db = new Low<StoreMeta | null>(new DurableJsonFile(path.join(dir, 'store.json')), null);
  await db.read();
  if (db.data) return db.data;
  db.data = { storeId: randomUUID(), createdAt: now.toISOString(), format: 1 };
  await db.write();
  return db.data;
}
