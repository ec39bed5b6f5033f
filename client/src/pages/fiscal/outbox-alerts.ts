import type { OutboxStatus } from '#hub/einvoice/outbox/types.ts';

/** One line of the e-invoicing banner: what is wrong and for how many documents. */
export type OutboxAlert = { kind: 'overdue' | 'dueSoon' | 'unreachable' | 'attention' | 'noSetup' | 'noCertificate' | 'noSol'; count: number };

/**
 * What the banner says, most urgent first (none: no banner): documents past
 * their SUNAT deadline; due within 2 days while SUNAT does not answer (while
 * it answers they will go in time), else, SUNAT not answering, how many wait
 * (the owner learns it is down before a deadline nears); rejected or to fix (a person must act);
 * no certificate or no SOL user (or both, one line) while documents wait
 * (nothing can go at all).
 */
export function outboxAlerts(s: OutboxStatus): OutboxAlert[] {
  const out: OutboxAlert[] = [];
  if (s.overdue > 0) out.push({ kind: 'overdue', count: s.overdue });
  if (s.dueSoon > 0 && s.reachable === false) out.push({ kind: 'dueSoon', count: s.dueSoon });
  else if (s.waiting > 0 && s.reachable === false) out.push({ kind: 'unreachable', count: s.waiting });
  if (s.needsAttention > 0) out.push({ kind: 'attention', count: s.needsAttention });
  // Both missing (a new restaurant): one line, not two that say the same count.
  if (s.waiting > 0 && !s.certificate && !s.sol) out.push({ kind: 'noSetup', count: s.waiting });
  else if (s.waiting > 0 && !s.certificate) out.push({ kind: 'noCertificate', count: s.waiting });
  else if (s.waiting > 0 && !s.sol) out.push({ kind: 'noSol', count: s.waiting });
  return out;
}

/** The banner is red when a deadline passed or SUNAT refused something; otherwise a warning. */
export function outboxTone(alerts: readonly OutboxAlert[]): 'error' | 'warn' {
  return alerts.some((a) => a.kind === 'overdue' || a.kind === 'attention') ? 'error' : 'warn';
}
