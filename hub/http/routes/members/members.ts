import Router from '@koa/router';
import type { Context } from 'koa';
import { aliasesOf } from '#domain';
import { businessDayOf, closingHourOf } from '#hub/domain/business-day.ts';
import type { Engine } from '#hub/engine/engine.ts';
import { readLedgerDay, readMemberLedger } from '#hub/engine/ledger-read.ts';
import type { Alias, Member } from '#protocol';
import { everyMember, memberById, memberIdByNo, memberIdByPhone, memberShortName } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { ChannelRate } from '../intake/channel-rate.ts';
import { dayQuerySchema, ledgerPageSchema, lookupSchema, memberSearchSchema } from './schema.ts';
import { MemberIndex } from './search-index.ts';

const DEFAULT_PAGE = 30;
/**
 * Reads per session (device and person): a burst of 120, then 20 a second. A person typing a
 * search (one read per pause) stays far below; a script walking phone numbers through the
 * lookup is slowed to 20 a second and shows in the log of who was signed in.
 */
const READ_BURST = 120;
const READS_PER_MINUTE = 1_200;

/**
 * What a till sees of a member to attach them: nothing personal. The phone's last three digits
 * only when the till typed that phone (it learns nothing): found by member number, the hint is
 * masked whole, because the last 4 digits are what the guest says to be attached
 * (order.attachMember `verify`), and showing 3 of them would leave 10 guesses to spend anyone's
 * balance by their (sequential) number.
 */
export type MemberHit = { id: string; no: string; name: string; balanceCents: number; phoneHint: string };

function hitOf(m: Member, typedTheirPhone: boolean): MemberHit {
  const phoneHint = !m.phone ? '' : typedTheirPhone ? `*** *** ${m.phone.slice(-3)}` : '*** *** ***';
  return { id: m.id, no: m.no, name: m.erasedAt === null ? memberShortName(m) : '', balanceCents: m.balanceCents, phoneHint };
}

/** The signed-in sender, paced; FORBIDDEN unless they hold one of `need`. */
function holder(engine: Engine, ctx: Context, need: readonly Alias[], pace: ChannelRate): void {
  const { actor } = sessionOf(ctx);
  const aliases = aliasesOf(engine.state, actor.staffId);
  if (!need.some((a) => aliases.has(a))) throw new HttpError('FORBIDDEN', need[0] ?? '');
  ctx.set('cache-control', 'no-store');
  const wait = pace.take(`${actor.deviceId}\n${actor.staffId ?? ''}`);
  if (wait > 0) {
    ctx.set('retry-after', String(wait));
    throw new HttpError('RATE_LIMITED', String(wait));
  }
}

/**
 * Members (hub/domain/members/README.md), all on demand: the slices are the hub's alone, so a
 * member's phone, email, document, address or birthday reach a device only through these M004
 * routes, never its state or socket.
 *
 * GET /api/members?q=&offset=&limit=     the directory: search by phone, number, names, document [M004]
 * GET /api/members/lookup?q=             a phone or member number, exact: what a till needs to attach [payment or M004]
 * GET /api/members/summary               members, balance outstanding, today's recharges and spending [M004]
 * GET /api/members/recharges?day=        the store's recharges of a business day [M004]
 * GET /api/members/ledger?day=           every balance move of a business day [M004]
 * GET /api/members/:id                   one member [M004]
 * GET /api/members/:id/ledger?offset=&limit=   a member's balance moves, newest first [M004]
 */
export function memberRoutes(engine: Engine): Router {
  const router = new Router();
  const index = new MemberIndex(engine.state);
  engine.onChange(index.onChange);
  const pace = new ChannelRate(() => new Date(), READ_BURST, READS_PER_MINUTE);
  const today = (): string => businessDayOf(new Date().toISOString(), closingHourOf(engine.state.settings));

  router.get('/api/members', (ctx) => {
    holder(engine, ctx, ['M004'], pace);
    const q = parseBody(memberSearchSchema, { ...ctx.query });
    const found = index.search(engine.state, q.q ?? '', q.offset ?? 0, q.limit ?? DEFAULT_PAGE);
    ctx.body = { ok: true, members: found.members, more: found.more };
  });

  router.get('/api/members/lookup', (ctx) => {
    holder(engine, ctx, ['payment', 'M004'], pace);
    const { q } = parseBody(lookupSchema, { ...ctx.query });
    const typed = q.replace(/[\s-]/g, '');
    const byPhone = memberIdByPhone(engine.state, typed);
    const ids = new Set([byPhone, memberIdByNo(engine.state, typed)].filter((id): id is string => id !== undefined));
    const members = [...ids].map((id) => memberById(engine.state, id)).filter((m): m is Member => m !== undefined && m.erasedAt === null);
    ctx.body = { ok: true, members: members.map((m) => hitOf(m, m.id === byPhone)) };
  });

  router.get('/api/members/summary', async (ctx) => {
    holder(engine, ctx, ['M004'], pace);
    let members = 0;
    let outstandingCents = 0;
    // An owner's page, read on demand: the sum of 20,000 balances is a few milliseconds.
    for (const m of everyMember(engine.state)) {
      members += m.erasedAt === null ? 1 : 0;
      outstandingCents += m.balanceCents;
    }
    const day = await readLedgerDay(engine, today());
    const rechargedTodayCents = day.filter((e) => e.kind === 'recharge').reduce((n, e) => n + (e.recharge?.amountCents ?? e.cents), 0);
    const spentTodayCents = -day.filter((e) => e.kind === 'spend').reduce((n, e) => n + e.cents, 0);
    ctx.body = { ok: true, members, outstandingCents, rechargedTodayCents, spentTodayCents, day: today() };
  });

  for (const which of ['recharges', 'ledger'] as const) {
    router.get(`/api/members/${which}`, async (ctx) => {
      holder(engine, ctx, ['M004'], pace);
      const { day } = parseBody(dayQuerySchema, { ...ctx.query });
      const entries = await readLedgerDay(engine, day);
      // Newest first, as every list of the pages.
      const shown = (which === 'recharges' ? entries.filter((e) => e.kind === 'recharge') : entries).reverse();
      ctx.body = { ok: true, entries: shown, more: false };
    });
  }

  router.get('/api/members/:id', (ctx) => {
    holder(engine, ctx, ['M004'], pace);
    const member = memberById(engine.state, ctx.params.id ?? '');
    if (!member) throw new HttpError('MEMBER_NOT_FOUND', 'id');
    ctx.body = { ok: true, member };
  });

  router.get('/api/members/:id/ledger', async (ctx) => {
    holder(engine, ctx, ['M004'], pace);
    const member = memberById(engine.state, ctx.params.id ?? '');
    if (!member) throw new HttpError('MEMBER_NOT_FOUND', 'id');
    const q = parseBody(ledgerPageSchema, { ...ctx.query });
    const found = await readMemberLedger(engine, member.id, q.offset ?? 0, q.limit ?? DEFAULT_PAGE);
    ctx.body = { ok: true, entries: found.entries, more: found.more };
  });

  return router;
}
