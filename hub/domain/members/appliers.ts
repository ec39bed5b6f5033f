import type { EventOf, Member, State } from '#protocol';
import { bucketGet, bucketWith, bucketWithout, docKeyOf, memberById, RECENT_ENTRIES } from '#protocol';
import { foldIntoShift, withLedgerEntry } from '../shift/totals.ts';

/**
 * Folds member events. Every members slice is the hub's alone (a device's replica has
 * none: hub/presenters/slices.ts), so each applier changes a slice only in a state that
 * has it. Each write copies one bucket (protocol/buckets.ts), never the collection.
 */

/** The index without `key` when it names this member (a key another member took is theirs). */
function unindex(index: State['memberByPhone'], key: string, memberId: string): State['memberByPhone'] {
  return key !== '' && bucketGet(index, key) === memberId ? bucketWithout(index, key) : index;
}

function docKey(m: Member): string {
  return m.docId === '' ? '' : docKeyOf(m.regMethod, m.docId);
}

/** The member written, its phone and document indexed (the old ones freed when they changed). */
function putMember(s: State, m: Member, before: Member | undefined): State {
  if (!s.members) return s;
  let byPhone = s.memberByPhone;
  let byDoc = s.memberByDoc;
  if (before) {
    if (before.phone !== m.phone) byPhone = unindex(byPhone, before.phone, m.id);
    if (docKey(before) !== docKey(m)) byDoc = unindex(byDoc, docKey(before), m.id);
  }
  if (m.phone !== '' && bucketGet(byPhone, m.phone) !== m.id) byPhone = bucketWith(byPhone, m.phone, m.id);
  const dk = docKey(m);
  if (dk !== '' && bucketGet(byDoc, dk) !== m.id) byDoc = bucketWith(byDoc, dk, m.id);
  const byNo = bucketGet(s.memberByNo, m.no) === m.id ? s.memberByNo : bucketWith(s.memberByNo, m.no, m.id);
  return { ...s, members: bucketWith(s.members, m.id, m), memberByPhone: byPhone, memberByDoc: byDoc, memberByNo: byNo };
}

export const memberAppliers = {
  'member.registered': (s: State, e: EventOf<'member.registered'>): State => {
    const out = putMember(s, e.member, undefined);
    if (out === s) return s;
    const n = Number(e.member.no);
    return { ...out, memberCounters: { ...s.memberCounters, memberNo: Math.max(s.memberCounters.memberNo, Number.isSafeInteger(n) ? n : 0) } };
  },
  'member.updated': (s: State, e: EventOf<'member.updated'>): State => putMember(s, e.member, memberById(s, e.member.id)),
  'member.erased': (s: State, e: EventOf<'member.erased'>): State => {
    const m = memberById(s, e.memberId);
    if (!m) return s;
    // The recent entries shown on the member's page lose the transfer payer's name too (often the member's own);
    // the ledger day files keep it as the shop's record of a bank transfer (README "Erasure keeps the ledger").
    const recent = m.recent.map((x) => (x.recharge && x.recharge.accountName !== '' ? { ...x, recharge: { ...x.recharge, accountName: '' } } : x));
    const erased: Member = { ...m, phone: '', lastName: '', name: '', email: '', gender: 0, city: '', address: '', birthday: '', docId: '', recent, updatedAt: e.at, erasedAt: e.at };
    return putMember(s, erased, m);
  },
  // THE balance move (recharge, spend, refund, adjust): the entry carries the balance after it.
  'member.ledgerEntered': (s: State, e: EventOf<'member.ledgerEntered'>): State => {
    // A recharge is money at the till: the open shift it names counts it (shift/totals.ts), on the hub and on
    // the drawer's devices (M006), which get the event without the member's slices (presenters/events.ts).
    const shiftId = e.entry.recharge?.shiftId;
    const counted = (st: State): State => (shiftId && st.openShift?.id === shiftId ? foldIntoShift(st, (t) => withLedgerEntry(t, e.entry)) : st);
    const m = memberById(s, e.entry.memberId);
    if (!m || !s.members) return counted(s);
    const recent = [e.entry, ...m.recent.slice(0, RECENT_ENTRIES - 1)];
    const next: Member = { ...m, balanceCents: e.entry.balanceAfterCents, entries: Math.max(m.entries, e.entry.seq + 1), recent };
    const out: State = { ...s, members: bucketWith(s.members, m.id, next) };
    const no = e.entry.recharge?.no ?? 0;
    if (no > s.memberCounters.rechargeNo) out.memberCounters = { ...s.memberCounters, rechargeNo: no };
    return counted(out);
  },
  'member.rechargeReprinted': (s: State): State => s,
};
