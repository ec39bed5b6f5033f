import { promises as fs } from 'node:fs';
import path from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE, writeFileAtomic } from '#hub/store/durable-fs.ts';

/**
 * Which orders each channel already sent (channel id, the channel's own order
 * id) and the takeout the first one made: the intake API's idempotency. A
 * replay, today or weeks later (a web shop retrying after a timeout, a queue
 * delivering twice), is answered with that takeout and records nothing.
 *
 * An append-only file, `<data>/intake/received.jsonl`, one line per order,
 * read into a map at start (one map read per request, never a scan). Lines
 * older than RETENTION_DAYS are dropped when the hub starts, so the file
 * stays the size of a few months of web orders. The live state cannot hold
 * this: a takeout leaves it when closed, and a replay must still be known then.
 *
 * Not fsynced: the takeout itself is (the engine's log), and a line a power
 * cut takes belongs to an order of the last seconds, whose command id the
 * engine keeps for a week and whose takeout the rules index while it is
 * live (record.ts answers either as a replay and writes the line again).
 * One fsync less per web order, on the disk the kitchen's tickets wait for.
 */
const FILE = path.join('intake', 'received.jsonl');

/** How long a channel's order id is remembered. A replay after that would be a new order. */
export const RETENTION_DAYS = 120;

/** What is kept of the first answer: enough to answer a replay again. */
export type ReceivedOrder = { channelId: string; externalId: string; takeoutId: string; orderId: string; code: string; pickupCode: string; at: string };

const keyOf = (channelId: string, externalId: string) => `${channelId}\n${externalId}`;

function isReceived(v: unknown): v is Partial<ReceivedOrder> & Pick<ReceivedOrder, 'channelId' | 'externalId' | 'takeoutId' | 'at'> {
  const r = v as Partial<ReceivedOrder> | null;
  return typeof r?.channelId === 'string' && typeof r.externalId === 'string' && typeof r.takeoutId === 'string' && typeof r.at === 'string';
}

export class ReceivedOrders {
  private readonly seen = new Map<string, ReceivedOrder>();
  private readonly file: string;

  private constructor(file: string) {
    this.file = file;
  }

  /** Reads the file (a torn last line, from a power cut mid-append, is skipped) and drops expired lines. */
  static async open(dataDir: string, now: Date): Promise<ReceivedOrders> {
    const file = path.join(dataDir, FILE);
    await makePrivateDir(path.dirname(file));
    const store = new ReceivedOrders(file);
    let text = '';
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const oldest = new Date(now.getTime() - RETENTION_DAYS * 86_400_000).toISOString();
    let dropped = 0;
    for (const line of text.split('\n')) {
      if (line === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        dropped++;
        continue;
      }
      if (!isReceived(parsed) || parsed.at < oldest) {
        dropped++;
        continue;
      }
      store.seen.set(keyOf(parsed.channelId, parsed.externalId), { ...parsed, code: parsed.code ?? '', pickupCode: parsed.pickupCode ?? '', orderId: parsed.orderId ?? '' });
    }
    if (dropped > 0) await writeFileAtomic(file, [...store.seen.values()].map((r) => `${JSON.stringify(r)}\n`).join(''));
    return store;
  }

  /** The first answer to this (channel, order id), or null. */
  find(channelId: string, externalId: string): ReceivedOrder | null {
    return this.seen.get(keyOf(channelId, externalId)) ?? null;
  }

  /** Remembers an order once the hub recorded its takeout (written, not fsynced: see above). */
  async remember(r: ReceivedOrder): Promise<void> {
    const key = keyOf(r.channelId, r.externalId);
    if (this.seen.has(key)) return;
    this.seen.set(key, r);
    try {
      await fs.appendFile(this.file, `${JSON.stringify(r)}\n`, { mode: PRIVATE_FILE_MODE });
    } catch (err) {
      // Not kept: a retry finds the takeout through the engine or the rules, and writes it again.
      this.seen.delete(key);
      throw err;
    }
  }
}
