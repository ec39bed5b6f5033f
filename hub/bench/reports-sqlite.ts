import { DatabaseSync } from 'node:sqlite';
import { businessDayOf, chargedQty, lineTotalCents } from '#domain';
import { dishKeyOf } from '#hub/domain/reports/index.ts';
import type { Archive, ArchivedBill } from '#hub/store/archive.ts';

/**
 * The reference for hub/bench/reports.ts: the same bills loaded once into an
 * in-memory node:sqlite database, and the order report's core figures
 * (totals, by hour, by payment method, by dish) as SQL over a range of
 * business days. The business day and the Lima hour are computed while
 * loading (as the hub's per-day figures do) and kept on every table, each
 * indexed by day, so each query reads only its range: the fairest design
 * for SQL, not a strawman.
 */

export type SqlFigures = { bills: number; salesCents: number; people: number; hours: number; methods: number; dishes: number; dishQty: number };

export class SqlReports {
  private readonly db = new DatabaseSync(':memory:');

  constructor() {
    this.db.exec(`
      CREATE TABLE bills (id INTEGER PRIMARY KEY, day TEXT NOT NULL, hour INTEGER NOT NULL, people INTEGER NOT NULL, total INTEGER NOT NULL, withdrawn INTEGER NOT NULL);
      CREATE TABLE lines (bill INTEGER NOT NULL, day TEXT NOT NULL, dish TEXT NOT NULL, name TEXT NOT NULL, qty INTEGER NOT NULL, cents INTEGER NOT NULL);
      CREATE TABLE payments (bill INTEGER NOT NULL, day TEXT NOT NULL, method TEXT NOT NULL, cents INTEGER NOT NULL);
      CREATE INDEX bills_day ON bills(day);
      CREATE INDEX lines_day ON lines(day);
      CREATE INDEX payments_day ON payments(day);
    `);
  }

  /**
   * Loads the bills the hub's reports see (one transaction per day file): the
   * archive's files, except what the engine still holds in memory, then those.
   * Returns how many bills were loaded.
   */
  async load(source: { archive: Archive; recentClosedBills(): readonly ArchivedBill[] }, closingHour: number): Promise<number> {
    const recent = source.recentClosedBills();
    const firstInMemory = recent[0]?.seq ?? Infinity;
    const archive = source.archive;
    const bill = this.db.prepare('INSERT INTO bills VALUES (?, ?, ?, ?, ?, ?)');
    const line = this.db.prepare('INSERT INTO lines VALUES (?, ?, ?, ?, ?, ?)');
    const pay = this.db.prepare('INSERT INTO payments VALUES (?, ?, ?, ?)');
    let id = 0;
    const files = await archive.days();
    for (const file of [...files, null]) {
      const entries = file === null ? recent : (await archive.readDay(file)).filter((e) => e.seq < firstInMemory);
      this.db.exec('BEGIN');
      for (const { bill: b } of entries) {
        id++;
        const day = businessDayOf(b.paidAt, closingHour);
        const hour = new Date(Date.parse(b.paidAt) - 5 * 3_600_000).getUTCHours();
        const withdrawn = b.deleted === 2 ? 1 : 0;
        bill.run(id, day, hour, b.people, b.totalCents, withdrawn);
        if (withdrawn) continue;
        for (const l of b.lines) line.run(id, day, dishKeyOf(l), l.names.es, chargedQty(l), lineTotalCents(l));
        for (const p of b.payments) pay.run(id, day, p.method, p.amountCents);
      }
      this.db.exec('COMMIT');
    }
    return id;
  }

  /** The four breakdowns of business days from..to; counts returned so the work cannot be skipped. */
  figures(from: string, to: string): SqlFigures {
    const totals = this.db.prepare('SELECT count(*) AS n, coalesce(sum(total), 0) AS cents, coalesce(sum(people), 0) AS people FROM bills WHERE day BETWEEN ? AND ? AND withdrawn = 0').get(from, to) as { n: number; cents: number; people: number };
    const hours = this.db.prepare('SELECT hour, count(*) AS n, sum(total) AS cents, sum(people) AS people FROM bills WHERE day BETWEEN ? AND ? AND withdrawn = 0 GROUP BY hour ORDER BY hour').all(from, to);
    const methods = this.db.prepare('SELECT method, count(*) AS n, sum(cents) AS cents FROM payments WHERE day BETWEEN ? AND ? GROUP BY method ORDER BY cents DESC').all(from, to);
    const dishes = this.db.prepare('SELECT dish, max(name) AS name, sum(qty) AS qty, sum(cents) AS cents FROM lines WHERE day BETWEEN ? AND ? GROUP BY dish ORDER BY cents DESC, dish').all(from, to) as { qty: number }[];
    return { bills: totals.n, salesCents: totals.cents, people: totals.people, hours: hours.length, methods: methods.length, dishes: dishes.length, dishQty: dishes.reduce((s, d) => s + d.qty, 0) };
  }

  close(): void {
    this.db.close();
  }
}
