import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isSafePath } from './entries.ts';

/**
 * Which files of the data folder a backup holds: everything the hub wrote
 * (log, snapshot, job table, archive and day files, documents, exports,
 * secrets, auth), except what belongs to this box and this moment: the lock,
 * the backups themselves, staged updates, restores being handed over (and the
 * data a restore put aside: handover.ts), and temp files a writer has not
 * renamed yet (names starting with a dot or holding `.tmp`).
 */
const LEFT_OUT_AT_TOP = new Set(['hub.lock', 'backups', 'updates', 'restore']);

function leftOut(name: string, top: boolean): boolean {
  return name.startsWith('.') || name.includes('.tmp') || (top && LEFT_OUT_AT_TOP.has(name));
}

/** The relative paths of the data folder's files to back up, in the order they are read (`rank`), sorted within it. */
export async function dataFiles(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (rel: string) => {
    const entries = await fs.readdir(path.join(dataDir, rel), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      // A folder removed while we walk (an export's old day folder): nothing to take.
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const e of entries) {
      if (leftOut(e.name, rel === '')) continue;
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      // Symlinks and odd names are not the hub's writing: never followed, never restored.
      if (!isSafePath(child)) continue;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) found.push(child);
    }
  };
  await walk('');
  return found.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Read order: day files and documents first, then the snapshot and what
 * belongs to it, the log last. Day files are appended as records commit and
 * replayed from the log on start (appends skip what a file holds), so the
 * log read after them holds at least what they do, as after a power cut.
 */
function rank(rel: string): number {
  if (rel.startsWith('wal/')) return 3;
  if (rel.startsWith('jobs/') || rel.startsWith('processed/')) return 2;
  if (rel === 'snapshot.json') return 1;
  return 0;
}

/**
 * What changes when the engine writes a snapshot (it is renamed into place,
 * and only then are the log segments it covers removed): compared before and
 * after the files are read, so a backup never holds a snapshot with the log
 * of another one.
 */
export async function snapshotIdentity(dataDir: string): Promise<string> {
  const st = await fs.stat(path.join(dataDir, 'snapshot.json')).catch(() => null);
  return st ? `${st.ino}:${st.size}:${st.mtimeMs}` : 'none';
}
