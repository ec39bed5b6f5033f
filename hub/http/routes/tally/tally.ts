import Router from '@koa/router';
import type { Engine } from '#hub/engine/engine.ts';
import { aliasesOf, businessDayOf, businessDayRange, closingHourOf, tallySummary } from '#domain';
import type { BillCorrection, DebtPayment, TallyDayResponse, TallyEntry } from '#protocol';
import { tallyQuerySchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';

/**
 * GET /api/tally?day=YYYY-MM-DD (absent: today's business day)
 * One business day's book for those who keep it (M007): its entries (removed
 * ones marked) and the day's summary: sales by payment method from the bills
 * closed between that day's closing hours, the voids and refunds recorded
 * then, other income, expenses and the cash the drawer should hold
 * (hub/domain/tally/summary.ts has the formula). A restaurant books a few
 * dozen entries a day, so one day is one answer.
 */
export function tallyRoutes(engine: Engine, clock: () => Date): Router {
  const router = new Router();
  router.get('/api/tally', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M007')) throw new HttpError('FORBIDDEN', 'M007');
    const q = parseBody(tallyQuerySchema, { ...ctx.query });
    const closingHour = closingHourOf(engine.state.settings);
    const today = businessDayOf(clock().toISOString(), closingHour);
    const day = q.day ?? today;
    const { from, to } = businessDayRange(day, closingHour);
    const entries = await entriesOfDay(engine, day);
    const bills = await engine.closedBillsBetween(from, to);
    const corrections = correctionsBetween(engine, from, to);
    const debts = await debtPaymentsBetween(engine, from, to);
    const body: TallyDayResponse = { ok: true, day, today, closingHour, entries, summary: tallySummary(bills, corrections, entries, debts) };
    ctx.body = body;
  });
  return router;
}

/** The day file, the filed tail in memory, then the live state (each id once, the newest copy), oldest first. */
async function entriesOfDay(engine: Engine, day: string): Promise<TallyEntry[]> {
  const byId = new Map<string, TallyEntry>();
  const recent = engine.recentFiledTally();
  // While a snapshot is being written the file may already hold part of the tail: memory wins from its first seq.
  const firstInMemory = recent[0]?.seq ?? Infinity;
  for (const e of await engine.tallyDays.readDay(day)) if (e.seq < firstInMemory) byId.set(e.entry.id, e.entry);
  for (const e of recent) if (e.entry.day === day) byId.set(e.entry.id, e.entry);
  for (const e of Object.values(engine.state.tallyEntries)) if (e.day === day) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => a.at.localeCompare(b.at));
}

/** Voids and refunds recorded in [from, to): they stay in the live state, per corrected bill. */
function correctionsBetween(engine: Engine, from: string, to: string): BillCorrection[] {
  const start = Date.parse(from);
  const end = Date.parse(to);
  return Object.values(engine.state.billCorrections).flatMap((c) =>
    c.corrections.filter((x) => {
      const at = Date.parse(x.at);
      return at >= start && at < end;
    }),
  );
}

/**
 * Payments towards on-account debts made in [from, to) (issue 19 item 2): the
 * shift counts them in its drawer as they happen (account.paid), so the book
 * reads the same payments, from the debts themselves: the open ones in the
 * live state, and those closed since (the `accounts/` day files from the day's
 * own on, then the tail in memory; each debt once). A debt paid in part that
 * day and closed days later is in a later file, hence every file from the day on.
 */
async function debtPaymentsBetween(engine: Engine, from: string, to: string): Promise<DebtPayment[]> {
  const inDay = (p: DebtPayment) => p.at >= from && p.at < to;
  const byBill = new Map<string, readonly DebtPayment[]>();
  for (const debt of Object.values(engine.state.accounts ?? {})) byBill.set(debt.billId, debt.payments);
  const recent = engine.recentFiledDebts();
  const firstInMemory = recent[0]?.seq ?? Infinity;
  const first = engine.accountDays.dayAt(from);
  for (const day of await engine.accountDays.days()) {
    if (day < first) continue;
    for (const e of await engine.accountDays.readDay(day)) if (e.seq < firstInMemory) byBill.set(e.debt.billId, e.debt.payments);
  }
  for (const e of recent) byBill.set(e.debt.billId, e.debt.payments);
  return [...byBill.values()].flatMap((payments) => payments.filter(inDay));
}
