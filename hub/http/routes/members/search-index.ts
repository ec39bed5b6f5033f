import type { Change, Member, State } from '#protocol';
import { everyMember, memberById, memberIdByNo } from '#protocol';

/** Lower case, accents dropped ("Pérez" finds "perez"): how names are typed at a till. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** What one member is found by: number, phone, document, names (folded). Empty for an erased member: found by number only. */
function searchTextOf(m: Member): string {
  if (m.erasedAt !== null) return '';
  return foldText(` ${m.phone} ${m.docId} ${m.name} ${m.lastName} ${m.email}`);
}

/**
 * The hub's list of members for the M004 directory search, kept beside the state (never in the
 * pure rules): ids in registration order and each member's folded search text. Built once at
 * start from the state, then kept by the committed changes (engine.onChange). A search walks
 * the texts newest first and stops at the page's end: 20,000 short strings is ~1-3 ms, far
 * below what a person typing notices (hub/bench row `members`).
 */
export class MemberIndex {
  private readonly order: string[] = [];
  private readonly text = new Map<string, string>();

  constructor(state: State) {
    // collection-guard: once at the hub's start (a search index), never on the command path.
    const all = [...everyMember(state)].sort((a, b) => a.no.localeCompare(b.no));
    for (const m of all) this.put(m);
  }

  get size(): number {
    return this.order.length;
  }

  private put(m: Member): void {
    if (!this.text.has(m.id)) this.order.push(m.id);
    this.text.set(m.id, searchTextOf(m));
  }

  /** Folds a committed change's member events (the engine's listener). */
  readonly onChange = (change: Change): void => {
    for (const e of change.events) {
      if (e.type === 'member.registered' || e.type === 'member.updated') this.put(e.member);
      else if (e.type === 'member.erased') this.text.set(e.memberId, '');
    }
  };

  /**
   * A page of members, newest first: `q` empty lists them all; a member number (digits, with
   * or without its zeros) matches it exactly; otherwise every word of `q` must start a word of
   * the member's text (phone, document, names, email), or appear inside a phone or document.
   */
  search(state: State, q: string, offset: number, limit: number): { members: Member[]; more: boolean } {
    const words = foldText(q).split(/[\s,]+/).filter((w) => w.length > 0);
    // A member number (with or without its zeros) is one keyed read; the walk then only compares texts.
    const numbered = /^\d{1,6}$/.test(q.trim()) ? memberIdByNo(state, q.trim()) : undefined;
    const out: Member[] = [];
    let skipped = 0;
    for (let i = this.order.length - 1; i >= 0; i--) {
      const id = this.order[i]!;
      // The folded text first (a string test), the member record (a bucket's hash) only for a match.
      if (id !== numbered && words.length > 0 && !matches(this.text.get(id) ?? '', words)) continue;
      const m = memberById(state, id);
      if (!m) continue;
      if (skipped < offset) {
        skipped++;
        continue;
      }
      if (out.length === limit) return { members: out, more: true };
      out.push(m);
    }
    return { members: out, more: false };
  }
}

/** Every word starts a word of the text; a word of 3+ digits may also sit inside a number (part of a phone or DNI). */
function matches(text: string, words: readonly string[]): boolean {
  return words.every((w) => text.includes(` ${w}`) || (/^\d{3,}$/.test(w) && text.includes(w)));
}
