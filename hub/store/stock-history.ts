import path from 'node:path';
import type { StockMove } from '#protocol';
import { DayLog } from './day-log.ts';

/** One stock move and the log seq that recorded it (the seq makes filing it again harmless). */
export type FiledStockMove = { seq: number; move: StockMove };

/**
 * The stock history, one file per day (`stock/YYYY-MM-DD.jsonl`) by the time
 * of each move. Like closed bills, the moves leave the live state so memory
 * and snapshots stay flat however long the hub runs; the goods page reads
 * them page by page (GET /api/goods/stock-moves), newest day first.
 */
export class StockHistory extends DayLog<FiledStockMove> {
  constructor(dataDir: string, utcOffsetMinutes: number) {
    super(path.join(dataDir, 'stock'), utcOffsetMinutes, (e) => e.move.at);
  }
}
