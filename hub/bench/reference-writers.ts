import { DatabaseSync } from 'node:sqlite';
import type { LogRecord } from '#hub/engine/log-record.ts';
import { Wal } from '#hub/store/wal.ts';
import { nextTurn } from './workload.ts';

/**
 * The references the durable benchmark sets the engine against, on the same
 * disk and with the same records: the store alone (our write-ahead log with
 * group commit, nothing decided) and node:sqlite (WAL journal,
 * synchronous=FULL, one transaction per record).
 */

/**
 * The store alone: the same records appended to a fresh write-ahead log by
 * `inFlight` writers at once, through one group-commit loop like the
 * engine's (every record is on disk before its writer goes on), without
 * deciding or applying anything. This is the storage design set against sqlite.
 */
export async function walRound(dir: string, records: readonly LogRecord[], inFlight: number): Promise<{ perSec: number; batches: number }> {
  const { wal } = await Wal.open<LogRecord>(dir, 0, () => undefined);
  const queue: { record: LogRecord; done: () => void }[] = [];
  let writing = false;
  let batches = 0;
  const writeLoop = async () => {
    if (writing) return;
    writing = true;
    // As the engine does: what arrives in this turn of the event loop joins the first batch.
    await new Promise((r) => setImmediate(r));
    while (queue.length > 0) {
      const batch = queue.splice(0, queue.length);
      await wal.append(batch.map((b) => b.record));
      batches++;
      for (const b of batch) b.done();
    }
    writing = false;
  };
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < records.length) {
        const record = { ...records[next]!, seq: ++next };
        await new Promise<void>((done) => {
          queue.push({ record, done });
          void writeLoop();
        });
        await nextTurn();
      }
    }),
  );
  const elapsedMs = performance.now() - start;
  await wal.close();
  return { perSec: (records.length / elapsedMs) * 1000, batches };
}

export type SqliteRound = { rows: number; elapsedMs: number; perSec: number; journalMode: string; synchronous: number; avgBytes: number };

/** One autocommit INSERT per record: each is its own transaction, fsynced (synchronous=FULL). */
export function sqliteInserts(file: string, records: readonly LogRecord[], maxRows: number, maxMs: number): SqliteRound {
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;');
    db.exec('CREATE TABLE log (seq INTEGER PRIMARY KEY, record TEXT NOT NULL)');
    const journalMode = String((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode);
    const synchronous = Number((db.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous);
    const insert = db.prepare('INSERT INTO log (seq, record) VALUES (?, ?)');
    const n = Math.min(maxRows, records.length);
    const start = performance.now();
    const deadline = start + maxMs;
    let rows = 0;
    let bytes = 0;
    while (rows < n && performance.now() < deadline) {
      const json = JSON.stringify(records[rows]!);
      bytes += json.length;
      insert.run(rows + 1, json);
      rows++;
    }
    const elapsedMs = performance.now() - start;
    return { rows, elapsedMs, perSec: elapsedMs > 0 ? (rows / elapsedMs) * 1000 : 0, journalMode, synchronous, avgBytes: rows ? bytes / rows : 0 };
  } finally {
    db.close();
  }
}
