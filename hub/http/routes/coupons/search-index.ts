import type { Change, Coupon, CouponBatch, CouponStatus, State } from '#protocol';
import { bucketEntries, bucketGet, couponKey, couponStatus } from '#protocol';
import { getOwn } from '#domain';

/** What a search asks: a part of a code (any typing), a status on a day, a batch, a member. */
export type CouponSearch = { q: string; status?: CouponStatus; batchId?: string; memberId?: string; day: string; offset: number; limit: number };
export type CouponHit = { coupon: Coupon; batch: CouponBatch; status: CouponStatus };

/**
 * The hub's lists of coupon keys for the M004 search, kept beside the state (never in the pure
 * rules): every key in issue order, and the keys of each batch and of each member. Built once at
 * start from the state, then kept by the committed changes (engine.onChange), so a search reads
 * a batch's or a member's keys instead of walking 50,000 coupons, and a code typed whole is one
 * keyed read. A search by a part of a code or by status alone walks the keys newest first and
 * stops at the page's end (hub/bench row `coupons`: 50,000 coupons).
 */
export class CouponIndex {
  private readonly all: string[] = [];
  private readonly byBatch = new Map<string, string[]>();
  private readonly byMember = new Map<string, string[]>();

  constructor(state: State) {
    // collection-guard: once at the hub's start (a search index), never on the command path.
    const coupons = [...bucketEntries(state.coupons)];
    const issuedAt = (c: Coupon): string => getOwn(state.couponBatches, c.batchId)?.issuedAt ?? '';
    coupons.sort(([ka, a], [kb, b]) => issuedAt(a).localeCompare(issuedAt(b)) || a.batchId.localeCompare(b.batchId) || (ka < kb ? -1 : 1));
    for (const [key, c] of coupons) {
      this.addKey(key, c.batchId);
      if (c.memberId !== null) this.push(this.byMember, c.memberId, key);
    }
  }

  get size(): number {
    return this.all.length;
  }

  private push(map: Map<string, string[]>, id: string, key: string): void {
    const list = map.get(id);
    if (list) list.push(key);
    else map.set(id, [key]);
  }

  private addKey(key: string, batchId: string): void {
    this.all.push(key);
    this.push(this.byBatch, batchId, key);
  }

  /** Folds a committed change's coupon events (the engine's listener). */
  readonly onChange = (change: Change): void => {
    for (const e of change.events) {
      // Sorted within the batch, as the index built at start orders them: pages read the same across a restart.
      if (e.type === 'coupon.batchIssued') for (const key of e.codes.map(couponKey).sort()) this.addKey(key, e.batch.id);
      else if (e.type === 'coupon.gifted') this.push(this.byMember, e.memberId, couponKey(e.code));
    }
  };

  /** The page of coupons matching the search, newest first, and whether more follow. */
  search(state: State, s: CouponSearch): { hits: CouponHit[]; more: boolean } {
    const part = couponKey(s.q);
    const exact = part === '' ? undefined : bucketGet(state.coupons, part);
    const keys = exact ? [part] : s.memberId !== undefined ? (this.byMember.get(s.memberId) ?? []) : s.batchId !== undefined ? (this.byBatch.get(s.batchId) ?? []) : this.all;
    const hits: CouponHit[] = [];
    // Nothing to check per coupon (a batch's or a member's page, or all): the page is a slice of the list, however deep.
    const plain = part === '' && s.status === undefined && (s.batchId === undefined || s.memberId === undefined);
    let skipped = 0;
    let start = keys.length - 1;
    if (plain) {
      start -= s.offset;
      skipped = s.offset;
    }
    for (let i = start; i >= 0; i--) {
      const key = keys[i]!;
      if (part !== '' && !key.includes(part)) continue;
      const coupon = bucketGet(state.coupons, key);
      const batch = coupon ? getOwn(state.couponBatches, coupon.batchId) : undefined;
      if (!coupon || !batch) continue;
      if (s.batchId !== undefined && coupon.batchId !== s.batchId) continue;
      if (s.memberId !== undefined && coupon.memberId !== s.memberId) continue;
      const status = couponStatus(coupon, batch, s.day);
      if (s.status !== undefined && status !== s.status) continue;
      if (skipped < s.offset) {
        skipped++;
        continue;
      }
      if (hits.length === s.limit) return { hits, more: true };
      hits.push({ coupon, batch, status });
    }
    return { hits, more: false };
  }
}
