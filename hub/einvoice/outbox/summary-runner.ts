import type { JobOutcome, SummaryDocument } from '#protocol';
import type { JobRunner } from '#hub/jobs/runner.ts';
import type { CdrReply, FaultReply } from '../sunat/client.ts';
import { packageDocument } from '../sunat/package.ts';
import { buildSummaryXml } from '../ubl/index.ts';
import { metaOfSummaryLine, summaryKeys } from './document-meta.ts';
import type { DocumentMeta, DocumentStatus, SunatAnswer } from './types.ts';
import { answerOfCdr, answerOfFault, faultOutsideDocument, FINAL_STATUSES, outcomeOf, retry, signOnce, statusOf, sunatFor, unreachable, type OutboxDeps } from './sending.ts';

/**
 * `einvoice.summary`: files the daily summary, signs it once, hands it in
 * with sendSummary and keeps SUNAT's ticket BEFORE asking about it: a crash
 * after that asks about the same ticket again and never sends twice. Then
 * getStatus until SUNAT has processed it (in progress: retried soon,
 * SUNAT_PROCESSING); its answer goes to every boleta of the summary (status,
 * summary id, SUNAT's answer), then to the summary itself (so a summary
 * found answered has its lines answered too).
 */
export function summaryRunner(deps: OutboxDeps): JobRunner<'einvoice.summary'> {
  return {
    kind: 'einvoice.summary',
    paused: (lane) => deps.gate.paused(lane),
    perform: async (job) => {
      const summary = job.payload.summary;
      if (!summary) return { ok: false, canRetry: false, reason: 'UNKNOWN' };
      let meta = await deps.store.fileSummary(summary, buildSummaryXml(summary));
      if (FINAL_STATUSES.has(meta.status) || meta.status === 'needsFix') return outcomeOf(meta.status);
      const signed = await signOnce(deps, meta, 'signed');
      if (!signed.ok) return signed.outcome;
      const sunat = await sunatFor(deps, summary.issuer.ruc);
      if (!sunat.ok) return sunat.outcome;
      if (meta.ticket === null) {
        const [, , sequence = '1'] = summary.id.split('-');
        const pkg = packageDocument({ ruc: summary.issuer.ruc, type: 'RC', date: summary.issueDate, sequence: Number(sequence) }, signed.value);
        const sent = await sunat.value.sendSummary(pkg.fileName, pkg.zip);
        if (sent.kind === 'unreachable') return unreachable(deps);
        deps.gate.contact(true);
        if (sent.kind === 'fault') return refused(deps, summary, meta, sent);
        const ticket = sent.ticket;
        meta = await deps.store.update(meta.day, meta.key, (m) => ({ ...m, ticket, status: 'sent' }));
        await markLines(deps, summary, (m) => (m.status === 'awaitingSummary' || m.status === 'filed' || m.status === 'signed' ? { ...m, status: 'sent', summaryId: summary.id } : m));
      }
      const ticket = meta.ticket ?? '';
      const status = await sunat.value.getStatus(ticket);
      if (status.kind === 'unreachable') return unreachable(deps);
      deps.gate.contact(true);
      if (status.kind === 'inProgress') return retry('SUNAT_PROCESSING');
      if (status.kind === 'fault') return refused(deps, summary, meta, status);
      return answered(deps, summary, meta, status);
    },
  };
}

/** Applies `change` to every line's document; a line whose own job has not filed it yet gets a meta from the line. */
async function markLines(deps: OutboxDeps, summary: SummaryDocument, change: (meta: DocumentMeta) => DocumentMeta): Promise<void> {
  const now = deps.clock().toISOString();
  for (const line of summary.lines) {
    const seed = metaOfSummaryLine(line, summary.referenceDate, now);
    await deps.store.ensure(summary.issuer.ruc, seed);
    await deps.store.update(seed.day, seed.key, change);
  }
}

/** SUNAT's final word on the summary: every line first, then the summary. */
async function finish(deps: OutboxDeps, summary: SummaryDocument, meta: DocumentMeta, status: DocumentStatus, answer: SunatAnswer): Promise<JobOutcome> {
  await markLines(deps, summary, (m) => ({ ...m, status, summaryId: summary.id, sunat: answer }));
  await deps.store.update(meta.day, meta.key, (m) => ({ ...m, status, sunat: answer, lines: summaryKeys(summary) }));
  return outcomeOf(status);
}

async function answered(deps: OutboxDeps, summary: SummaryDocument, meta: DocumentMeta, reply: CdrReply): Promise<JobOutcome> {
  await deps.store.storeCdr(meta.day, meta.key, reply.cdrXml);
  if (reply.outcome === 'retryLater') return { ok: false, canRetry: true, reason: 'SUNAT_PROCESSING' };
  return finish(deps, summary, meta, statusOf(reply.outcome), answerOfCdr(reply, deps.clock().toISOString()));
}

/** A fault to sendSummary or getStatus: SUNAT's side or the SOL user (the lane waits), else the summary's own (rejected or to fix). */
async function refused(deps: OutboxDeps, summary: SummaryDocument, meta: DocumentMeta, reply: FaultReply): Promise<JobOutcome> {
  const outside = await faultOutsideDocument(deps, reply);
  if (outside) return outside;
  const status = statusOf(reply.outcome === 'retryLater' ? 'fix' : reply.outcome);
  return finish(deps, summary, meta, status, answerOfFault(reply, deps.clock().toISOString()));
}
