import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CommandResult, State } from '../protocol/index.ts';
import { STORE_FORMAT_VERSION } from '../protocol/index.ts';
import { writeFileAtomic } from './durable-fs.ts';
import { decodeLine, encodeLine } from './line-codec.ts';

/** A command id the hub has answered, kept so that a resend gets the same answer. */
export type ProcessedEntry = { id: string; seq: number; at: string; result: CommandResult };

export type SnapshotFile = {
  format: number;
  storeId: string;
  /** Every record up to this seq is folded into `state`. */
  seq: number;
  /** Bills up to this seq are safely in the day archive. */
  archivedThroughSeq: number;
  writtenAt: string;
  state: State;
  processed: ProcessedEntry[];
};

export class SnapshotCorruptError extends Error {
  override name = 'SnapshotCorruptError';
}

const FILE = 'snapshot.json';

/** Reads the snapshot, null when there is none yet; a damaged one stops the hub. */
export async function readSnapshot(dir: string): Promise<SnapshotFile | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const value = decodeLine(text.replace(/\n$/, '')) as SnapshotFile | null;
  if (!value || typeof value.seq !== 'number') throw new SnapshotCorruptError(`${FILE} in ${dir} fails its checksum`);
  if (value.format > STORE_FORMAT_VERSION) {
    throw new SnapshotCorruptError(`${FILE} was written by a newer hub (format ${value.format}); update this hub`);
  }
  return value;
}

/** Writes the snapshot atomically: a crash leaves the old one or the new one, never half. */
export async function writeSnapshot(dir: string, snapshot: Omit<SnapshotFile, 'format'>): Promise<number> {
  const line = encodeLine({ format: STORE_FORMAT_VERSION, ...snapshot });
  await writeFileAtomic(path.join(dir, FILE), line);
  return line.length;
}
