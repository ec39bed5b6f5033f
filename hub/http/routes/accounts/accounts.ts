import Router from '@koa/router';
import { addDays, aliasesOf } from '#domain';
import type { Engine } from '#hub/engine/engine.ts';
import type { AccountListResponse, ClosedDebt, Debt } from '#protocol';
import { accountQuerySchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';

/** The longest history one answer reads: a year of day files. */
export const MAX_HISTORY_DAYS = 366;
/** Without `from`, the history starts this many days before `to`. */
const DEFAULT_HISTORY_DAYS = 30;

/**
 * GET /api/accounts?state=open|settled|writtenOff&person=&from=&to=
 * On-account debts (hub/domain/account/README.md) for those who read bills
 * (M003) or take payment: the open ones from the live state, or the ones
 * that closed (paid off or written off) between two Lima days (default: the
 * last 30; at most a year), from the day files and the tail not yet filed.
 * `person` keeps the debts whose person contains it (any case). Settling and
 * writing off are commands (account.settle, account.writeOff).
 */
export function accountRoutes(engine: Engine, clock: () => Date): Router {
  const router = new Router();
  router.get('/api/accounts', async (ctx) => {
    const { actor } = sessionOf(ctx);
    const mine = aliasesOf(engine.state, actor.staffId);
    if (!mine.has('M003') && !mine.has('payment')) throw new HttpError('FORBIDDEN', 'M003');
    const q = parseBody(accountQuerySchema, { ...ctx.query });
    const person = (q.person ?? '').toLocaleLowerCase();
    const keep = (d: Debt) => person === '' || d.person.toLocaleLowerCase().includes(person);
    if (q.state === 'open') {
      const debts = Object.values(engine.state.accounts).filter(keep).sort((a, b) => a.person.localeCompare(b.person) || a.openedAt.localeCompare(b.openedAt));
      const body: AccountListResponse = { ok: true, state: 'open', from: null, to: null, debts };
      ctx.body = body;
      return;
    }
    const to = q.to ?? engine.accountDays.dayAt(clock().toISOString());
    const from = q.from ?? addDays(to, -DEFAULT_HISTORY_DAYS);
    if (from > to) throw new HttpError('INCORRECT_INPUT', 'from');
    if (addDays(from, MAX_HISTORY_DAYS) <= to) throw new HttpError('INCORRECT_INPUT', 'to');
    const debts = (await closedBetween(engine, from, to)).filter((d) => d.state === q.state && keep(d));
    const body: AccountListResponse = { ok: true, state: q.state, from, to, debts };
    ctx.body = body;
  });
  return router;
}

/** Debts closed on the Lima days [from, to], newest first: the day files, then the tail in memory (which wins from its first seq). */
async function closedBetween(engine: Engine, from: string, to: string): Promise<ClosedDebt[]> {
  const recent = engine.recentFiledDebts();
  const firstInMemory = recent[0]?.seq ?? Infinity;
  const out: ClosedDebt[] = [];
  for (const day of await engine.accountDays.days()) {
    if (day < from || day > to) continue;
    for (const e of await engine.accountDays.readDay(day)) if (e.seq < firstInMemory) out.push(e.debt);
  }
  for (const e of recent) {
    const day = engine.accountDays.dayOf(e);
    if (day >= from && day <= to) out.push(e.debt);
  }
  return out.sort((a, b) => b.closedAt.localeCompare(a.closedAt));
}
