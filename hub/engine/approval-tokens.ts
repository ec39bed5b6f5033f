import { createHash, randomBytes } from 'node:crypto';
import { APPROVAL_TTL_MS } from '#protocol';

/** What one approval token stands for: who approved which command, sent by whom from where. */
export type ApprovalBinding = {
  commandId: string;
  type: string;
  /** approvalDigest(type, payload) of exactly what the manager was shown (issue 19 item 17). */
  digest: string;
  /** The manager who typed their PIN. */
  approverId: string;
  /** The person signed in on the device that asked (the actor of the command). */
  actorId: string;
  deviceId: string;
};

type Held = ApprovalBinding & { expiresAt: number };

/** Why a token does not stand for a command; the intake answers APPROVAL_INVALID for any of them. */
export type RedeemRefusal = 'unknown' | 'expired' | 'otherCommand' | 'otherSender' | 'otherPayload';

/**
 * A payload written the one way: object keys sorted at every depth, absent
 * (undefined) fields left out, as JSON. Both sides of the comparison are
 * payloads the command's schema already parsed, so defaults and trimming
 * happened alike.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a token is bound to beyond the command id: sha256 of the type and the canonical payload. */
export function approvalDigest(type: string, payload: unknown): string {
  return createHash('sha256').update(canonicalJson({ type, payload })).digest('base64url');
}

/** At most this many tokens are held; the oldest goes first (each is good for minutes only). */
const MAX_HELD = 1_000;

/**
 * Approval tokens, in the hub's memory only (a restart forgets them: the
 * device asks again). A token is minted after the auth service checked the
 * manager's PIN, is bound to one command id, type, payload (its digest: what
 * the manager was shown, so 99 % cannot ride on an approved 15 %, nor a gift
 * move to another line), device and sender, is good
 * for APPROVAL_TTL_MS and is used once: the intake redeems it as the command
 * arrives (a resend of that same command id gets the engine's first answer
 * and never reaches the token again).
 */
export class ApprovalTokens {
  private held = new Map<string, Held>();
  private readonly clock: () => Date;

  constructor(clock: () => Date) {
    this.clock = clock;
  }

  /** A new token for exactly this binding, and when it stops being good. */
  issue(binding: ApprovalBinding): { token: string; expiresAt: Date } {
    this.prune();
    const token = randomBytes(24).toString('base64url');
    const expiresAt = this.clock().getTime() + APPROVAL_TTL_MS;
    this.held.set(token, { ...binding, expiresAt });
    return { token, expiresAt: new Date(expiresAt) };
  }

  /**
   * The approver for this command, consuming the token; or why not. A token
   * shown for another command or by another sender is spent all the same
   * (whoever holds it tried to misuse it).
   */
  redeem(token: string, command: { id: string; type: string; payload: unknown }, sender: { staffId: string | null; deviceId: string }): { ok: true; approverId: string } | { ok: false; why: RedeemRefusal } {
    const taken = this.take(token, command, sender);
    if (!taken.ok) return taken;
    if (!taken.matches(command.payload)) return { ok: false, why: 'otherPayload' };
    return { ok: true, approverId: taken.approverId };
  }

  /**
   * The first half of `redeem`, before the payload is read: consumes the
   * token and checks its command id, type, sender and time. The intake takes
   * the token before it looks at the payload, so a sender without the gate
   * learns nothing about a payload's fields without a manager's PIN; it then
   * asks `matches` with the parsed payload.
   */
  take(token: string, command: { id: string; type: string }, sender: { staffId: string | null; deviceId: string }): { ok: true; approverId: string; matches: (payload: unknown) => boolean } | { ok: false; why: RedeemRefusal } {
    const held = this.held.get(token);
    if (!held) return { ok: false, why: 'unknown' };
    this.held.delete(token);
    if (this.clock().getTime() >= held.expiresAt) return { ok: false, why: 'expired' };
    if (held.commandId !== command.id || held.type !== command.type) return { ok: false, why: 'otherCommand' };
    if (held.actorId !== sender.staffId || held.deviceId !== sender.deviceId) return { ok: false, why: 'otherSender' };
    return { ok: true, approverId: held.approverId, matches: (payload) => held.digest === approvalDigest(command.type, payload) };
  }

  /** Tokens held now (tests). */
  get size(): number {
    return this.held.size;
  }

  private prune(): void {
    const now = this.clock().getTime();
    for (const [token, held] of this.held) if (now >= held.expiresAt) this.held.delete(token);
    // Map order is insertion order: the oldest first.
    for (const token of this.held.keys()) {
      if (this.held.size < MAX_HELD) break;
      this.held.delete(token);
    }
  }
}
