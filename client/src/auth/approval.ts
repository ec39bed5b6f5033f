import { proxy } from 'valtio';
import type { Alias, ApprovalGrant, ApproversPage, Approver, Command, CommandPayload, CommandReply, CommandType, ErrorCode } from '#protocol';
import { approvableGate } from '#domain';
import { answerRefusalsWith, enqueue } from '../sync/outbox.ts';
import { uuid } from '../sync/uuid.ts';
import { api } from './api.ts';

/**
 * Manager approval on the same device (issue 9). A command the hub refuses
 * because the role lacks an approvable gate (FORBIDDEN gift, cancelOrder,
 * discount) or a limit (APPROVAL_REQUIRED) is not shown as an error: the
 * approval dialog asks for a manager and their PIN; the hub checks the PIN
 * (never the device: secrets stay on the hub) and answers a token bound to a
 * new command id and to this very payload (what the dialog showed the
 * manager); the same type and payload go again under that id with the token. The sender's promise settles with that second reply (or with the
 * refusal when nobody approves). Offline there is no approval: the hub must answer.
 */

/** What the dialog is asked: which command and its payload (shown to the manager: the token is bound to it), and why (a gate the role lacks, or a limit). */
export type ApprovalAsk = { key: string; type: CommandType; payload: unknown; gate: Alias | null; limit: string | null };

/** The approvals waiting for the dialog, first shown first. */
export const approvals = proxy({ queue: [] as ApprovalAsk[] });

type Held = { command: Command; refusal: Extract<CommandReply, { ok: false }>; resolve: (reply: CommandReply) => void };
const held = new Map<string, Held>();

/** Whether a refusal is one a manager's approval can answer. */
export function needsApproval(type: CommandType, refusal: { code: ErrorCode; message?: string }): boolean {
  if (refusal.code === 'APPROVAL_REQUIRED') return true;
  const gate = approvableGate(type);
  return refusal.code === 'FORBIDDEN' && gate !== null && refusal.message === gate;
}

/** Opens the dialog for a refusal it can answer; the reply comes once the manager approved or the person gave up. */
function ask(command: Command, refusal: Extract<CommandReply, { ok: false }>): Promise<CommandReply> | null {
  if (!needsApproval(command.type, refusal)) return null;
  return new Promise((resolve) => {
    const key = command.id;
    held.set(key, { command, refusal, resolve });
    approvals.queue.push({ key, type: command.type, payload: command.payload, gate: approvableGate(command.type), limit: refusal.code === 'APPROVAL_REQUIRED' ? (refusal.message ?? null) : null });
  });
}

/** Lets the outbox hand approvable refusals to the dialog (main.tsx, once). */
export function startApprovals(): void {
  answerRefusalsWith(ask);
}

function done(key: string, reply: CommandReply): void {
  const h = held.get(key);
  held.delete(key);
  approvals.queue = approvals.queue.filter((a) => a.key !== key);
  h?.resolve(reply);
}

/** Nobody approves: the sender hears that an approval was needed. */
export function dismissApproval(key: string): void {
  const h = held.get(key);
  done(key, { ok: false, code: 'APPROVAL_REQUIRED', ...(h?.refusal.message ? { message: h.refusal.message } : {}) });
}

/** Who may approve this command for the person signed in here (the hub's list). */
export async function loadApprovers(type: CommandType): Promise<{ ok: true; approvers: Approver[] } | { ok: false; code: ErrorCode }> {
  const r = await api<ApproversPage>('GET', `/api/approval/approvers?type=${encodeURIComponent(type)}`, undefined, 10_000);
  return r.ok ? { ok: true, approvers: r.body.approvers } : { ok: false, code: r.code };
}

/** The hub's answer to a manager's PIN: approved (and the command sent again), or why not. */
export type ApproveResult = { ok: true; approver: string } | { ok: false; code: ErrorCode; retryAfter: number };

/**
 * Asks the hub to check the manager's PIN for a new command id and, when it
 * says yes, sends the same type and payload again under that id with the token.
 */
export async function approve(key: string, staffId: string, pin: string): Promise<ApproveResult> {
  const h = held.get(key);
  if (!h) return { ok: false, code: 'NOT_FOUND', retryAfter: 0 };
  const id = uuid();
  const r = await api<ApprovalGrant>('POST', '/api/approval', { staffId, pin, commandId: id, type: h.command.type, payload: h.command.payload }, 15_000);
  if (!r.ok) return { ok: false, code: r.code, retryAfter: r.retryAfter };
  held.delete(key);
  approvals.queue = approvals.queue.filter((a) => a.key !== key);
  // The token is good for two minutes and this one id: it goes at once, through the usual outbox.
  const type = h.command.type;
  void enqueue(type, h.command.payload as CommandPayload<typeof type>, { id, approval: r.body.token }).then(h.resolve);
  return { ok: true, approver: r.body.approver.name };
}
