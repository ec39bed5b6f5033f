import { useEffect, useState } from 'react';
import { api } from '../../auth/api.ts';

/** What a till may know of a member (the directory's `GET /api/members/lookup`): nothing personal, a phone hint only. */
export type MemberHit = { id: string; no: string; name: string; balanceCents: number; phoneHint: string };

/**
 * Looks a member up by phone or member number (exact, as the hub matches).
 * Spaces and dashes a cashier types ("987 654 321") are dropped first.
 */
export async function lookupMembers(q: string) {
  const clean = q.replace(/[\s-]/g, '');
  return api<{ members: MemberHit[] }>('GET', `/api/members/lookup?q=${encodeURIComponent(clean)}`);
}

/** The 4 digits a guest says aloud, or null while they are not 4 digits. */
export function verifyDigits(input: string): string | null {
  const d = input.replace(/\D/g, '');
  return d.length === 4 ? d : null;
}

/**
 * The attached member's balance as the hub says now (members are not in a
 * device's state), null while unknown or without a member. Read again when
 * another member is attached.
 */
export function useMemberBalance(member: { id: string; no: string } | null | undefined): number | null {
  const [known, setKnown] = useState<{ id: string; cents: number } | null>(null);
  const id = member?.id ?? null;
  const no = member?.no ?? null;
  useEffect(() => {
    if (id === null || no === null) return;
    let live = true;
    void lookupMembers(no).then((r) => {
      const hit = r.ok ? r.body.members.find((m) => m.id === id) : undefined;
      if (live && hit) setKnown({ id, cents: hit.balanceCents });
    });
    return () => {
      live = false;
    };
  }, [id, no]);
  return known !== null && known.id === id ? known.cents : null;
}
