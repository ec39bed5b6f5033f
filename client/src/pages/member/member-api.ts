import type { LedgerEntry, Member } from '#protocol';
import { api, type ApiResult } from '../../auth/api.ts';

/** What the directory lists (the directory room's `GET /api/members`: paged, newest first when q is empty). */
export type MemberListReply = { ok: true; members: Member[]; more: boolean };
export type MemberReply = { ok: true; member: Member };
export type LedgerReply = { ok: true; entries: LedgerEntry[]; more: boolean };
export type MemberSummary = { ok: true; members: number; outstandingCents: number; rechargedTodayCents: number; spentTodayCents: number };

export const PAGE_SIZE = 30;

/** Members are not in the device state (privacy): every read is one of these M004 routes, refetched after a command's ack. */
export function fetchMembers(q: string, offset: number): Promise<ApiResult<MemberListReply>> {
  return api('GET', `/api/members?q=${encodeURIComponent(q)}&offset=${offset}&limit=${PAGE_SIZE}`);
}

export function fetchMember(id: string): Promise<ApiResult<MemberReply>> {
  return api('GET', `/api/members/${encodeURIComponent(id)}`);
}

export function fetchMemberLedger(id: string, offset: number): Promise<ApiResult<LedgerReply>> {
  return api('GET', `/api/members/${encodeURIComponent(id)}/ledger?offset=${offset}&limit=${PAGE_SIZE}`);
}

/** The store's recharges (`recharges`) or every ledger entry (`ledger`) of one business day. */
export function fetchDayEntries(which: 'recharges' | 'ledger', day: string): Promise<ApiResult<LedgerReply>> {
  return api('GET', `/api/members/${which}?day=${encodeURIComponent(day)}`);
}

export function fetchSummary(): Promise<ApiResult<MemberSummary>> {
  return api('GET', '/api/members/summary');
}
