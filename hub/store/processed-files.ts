import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fsyncDir, makePrivateDir, writeFileAtomic } from './durable-fs.ts';
import { encodeInSlices, slicer } from './encode-slices.ts';
import { forEachLineOfFile } from './chunked-lines.ts';
import type { ProcessedEntry } from './snapshot.ts';

/**
 * The command ids the hub has answered, kept on disk in pieces beside the
 * snapshot (`DIR/processed/<fromSeq>-<toSeq>-<untilMs>.jsonl`): each snapshot
 * writes only the ids committed since the one before (one file), and deletes
 * the files whose every id has left the retention window (`untilMs`, the
 * latest remembered time in the file, is in the name: no file is read to
 * know it). So a snapshot costs the ids it adds, not the week it keeps.
 *
 * A file is written whole or not at all (temp file, fsync, rename) before the
 * snapshot that relies on it; recovery reads only files up to the snapshot's
 * seq (a file of a snapshot that never finished is read once a later one
 * covers it: its ids are the same records', so reading them twice is harmless).
 */

export type ProcessedFile = { name: string; fromSeq: number; toSeq: number; untilMs: number };

const NAME = /^(\d+)-(\d+)-(\d+)\.jsonl$/;

export function processedDir(dataDir: string): string {
  return path.join(dataDir, 'processed');
}

/** The files on disk, oldest first; names that are not ours (temp files...) are left out. */
export async function listProcessedFiles(dataDir: string): Promise<ProcessedFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(processedDir(dataDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: ProcessedFile[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (m) out.push({ name, fromSeq: Number(m[1]), toSeq: Number(m[2]), untilMs: Number(m[3]) });
  }
  return out.sort((a, b) => a.toSeq - b.toSeq || a.fromSeq - b.fromSeq);
}

/**
 * Writes `entries` (oldest first, non-empty) as one file, encoded in slices
 * with the event loop running between them. Returns the file written.
 */
export async function writeProcessedFile(dataDir: string, entries: readonly ProcessedEntry[]): Promise<ProcessedFile> {
  const dir = processedDir(dataDir);
  await makePrivateDir(dir);
  let fromSeq = Infinity;
  let toSeq = 0;
  let untilMs = 0;
  const slice = slicer();
  for (const e of entries) {
    fromSeq = Math.min(fromSeq, e.seq);
    toSeq = Math.max(toSeq, e.seq);
    untilMs = Math.max(untilMs, Date.parse(e.at) || 0);
    await slice();
  }
  const chunks = await encodeInSlices(entries);
  const name = `${fromSeq}-${toSeq}-${untilMs}.jsonl`;
  await writeFileAtomic(path.join(dir, name), chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  return { name, fromSeq, toSeq, untilMs };
}

/**
 * Each entry of every file up to `throughSeq` whose ids may still be in the
 * window (`untilMs >= cutoffMs`), in file order, handed over one at a time (a
 * week of ids is never all alive at once as entries). A damaged line costs
 * only its own id (and is reported through `onDamage`).
 */
export async function forEachProcessed(
  dataDir: string,
  files: readonly ProcessedFile[],
  throughSeq: number,
  cutoffMs: number,
  onEntry: (entry: ProcessedEntry) => void,
  onDamage: (file: string) => void = () => undefined,
): Promise<void> {
  for (const f of files) {
    if (f.toSeq > throughSeq || f.untilMs < cutoffMs) continue;
    let damaged = false;
    // Read a chunk at a time (a busy week is 9 MB of ids): the file is never in memory whole.
    await forEachLineOfFile(path.join(processedDir(dataDir), f.name), (value) => {
      const e = value as ProcessedEntry | null;
      if (e && typeof e.id === 'string' && typeof e.seq === 'number' && e.seq <= throughSeq) onEntry(e);
      else damaged = true;
    });
    if (damaged) onDamage(f.name);
  }
}

/** The same entries as one list (tests and tools). */
export async function readProcessedFiles(dataDir: string, files: readonly ProcessedFile[], throughSeq: number, cutoffMs: number, onDamage?: (file: string) => void): Promise<ProcessedEntry[]> {
  const out: ProcessedEntry[] = [];
  await forEachProcessed(dataDir, files, throughSeq, cutoffMs, (e) => out.push(e), onDamage);
  return out;
}

/** Removes temp files of a write that a crash cut short (only while no snapshot runs, as at start-up). */
export async function removeProcessedTemps(dataDir: string): Promise<void> {
  const dir = processedDir(dataDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const n of names) if (n.includes('.tmp-')) await fs.unlink(path.join(dir, n)).catch(() => undefined);
}

/** Deletes these files (gone already is fine) and makes the deletions durable. */
export async function removeProcessedFiles(dataDir: string, files: readonly ProcessedFile[]): Promise<void> {
  if (files.length === 0) return;
  const dir = processedDir(dataDir);
  for (const f of files) await fs.unlink(path.join(dir, f.name)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  await fsyncDir(dir);
}

/** Every id on disk that the snapshot at `throughSeq` relies on, expired or not (tests and tools). */
export async function readAllProcessed(dataDir: string, throughSeq: number): Promise<ProcessedEntry[]> {
  return readProcessedFiles(dataDir, await listProcessedFiles(dataDir), throughSeq, -Infinity);
}
