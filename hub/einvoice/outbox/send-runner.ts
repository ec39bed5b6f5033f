import type { FiscalDocument, JobOutcome } from '#protocol';
import type { JobRunner } from '#hub/jobs/runner.ts';
import type { GetStatusCdrResult, SendBillResult } from '../sunat/client.ts';
import { packageDocument } from '../sunat/package.ts';
import { buildFiscalXml } from '../ubl/index.ts';
import type { DocumentMeta } from './types.ts';
import { answerOfCdr, answerOfFault, DONE, faultOutsideDocument, FINAL_STATUSES, outcomeOf, signOnce, statusOf, sunatFor, unreachable, type OutboxDeps } from './sending.ts';

/**
 * SUNAT's answers to a resend of a document it already holds: "registered
 * before" (1033) and "already sent" (0402). After a send cut off by a crash
 * or a timeout (the job was tried before) the document IS at SUNAT: the one
 * we sent, since the hub numbers each document once and resends the very
 * signed bytes. README.md: "Already registered".
 */
export const ALREADY_REGISTERED = new Set(['1033', '0402']);

/** A boleta or a note on one: SUNAT learns of it through the daily summary, not alone. */
export function goesInSummary(doc: Pick<FiscalDocument, 'type' | 'series'>): boolean {
  return doc.type === '03' || (doc.type === '07' && doc.series.startsWith('B'));
}

/**
 * `einvoice.send`: files the document (the documents page sees it at once),
 * signs it once, and then: a boleta or note on one waits for its daily
 * summary (done); a factura or note on one is zipped and sent with
 * sendBill, SUNAT's CDR kept beside it and its answer classified
 * (accepted / observed: done; rejected: failed, final; fix: failed for a
 * person; no answer: retried once SUNAT answers again).
 */
export function sendRunner(deps: OutboxDeps): JobRunner<'einvoice.send'> {
  return {
    kind: 'einvoice.send',
    paused: (lane) => deps.gate.paused(lane),
    perform: async (job) => {
      const doc = job.payload.document;
      // The hub always has the document (presenters strip it only for devices): without it there is nothing to send.
      if (!doc) return { ok: false, canRetry: false, reason: 'UNKNOWN' };
      const meta = await deps.store.fileDocument(doc, buildFiscalXml(doc), job.payload.billId ?? null);
      if (goesInSummary(doc)) {
        // Signed even when its summary was answered first: the signed XML is what the owner downloads.
        const signed = meta.digest === '' ? await signOnce(deps, meta, 'awaitingSummary') : null;
        if (signed && !signed.ok) return signed.outcome;
        const after = await deps.store.update(meta.day, meta.key, (m) => (m.status === 'signed' ? { ...m, status: 'awaitingSummary' } : m));
        return outcomeOf(after.status);
      }
      if (FINAL_STATUSES.has(meta.status)) return outcomeOf(meta.status);
      const signed = await signOnce(deps, meta, 'signed');
      if (!signed.ok) return signed.outcome;
      const sunat = await sunatFor(deps, doc.issuer.ruc);
      if (!sunat.ok) return sunat.outcome;
      const query = { ruc: doc.issuer.ruc, type: doc.type, series: doc.series, number: doc.number };
      const pkg = packageDocument(query, signed.value);
      const result = await sunat.value.sendBill(pkg.fileName, pkg.zip);
      const askCdr = () => sunat.value.getStatusCdr(query, pkg.fileName);
      return settle(deps, meta, result, job.attempts > 0, askCdr);
    },
  };
}

/**
 * Keeps SUNAT's answer to a sendBill and says how the job ends. `triedBefore`: an earlier try
 * may have reached SUNAT; `askCdr` asks the consultation service for the CDR SUNAT kept.
 */
async function settle(deps: OutboxDeps, meta: DocumentMeta, result: SendBillResult, triedBefore: boolean, askCdr: () => Promise<GetStatusCdrResult>): Promise<JobOutcome> {
  const at = deps.clock().toISOString();
  if (result.kind === 'unreachable') return unreachable(deps);
  deps.gate.contact(true);
  if (result.kind === 'cdr') {
    await deps.store.storeCdr(meta.day, meta.key, result.cdrXml);
    // A CDR saying "try later" (SUNAT's side failed) changes nothing on the document.
    if (result.outcome === 'retryLater') return { ok: false, canRetry: true, reason: 'SUNAT_UNREACHABLE' };
    const status = statusOf(result.outcome);
    await deps.store.update(meta.day, meta.key, (m) => ({ ...m, status, sunat: answerOfCdr(result, at) }));
    return outcomeOf(status);
  }
  const outside = await faultOutsideDocument(deps, result);
  if (outside) return outside;
  const answer = answerOfFault(result, at);
  if (triedBefore && result.code !== null && ALREADY_REGISTERED.has(result.code)) {
    const kept = await askCdr();
    // Only a CDR about this very document (its ReferenceID) stands for the first send's answer.
    if (kept.kind === 'cdr' && kept.outcome !== 'retryLater' && kept.cdr.documentId === `${meta.series}-${meta.number}`) {
      // SUNAT's own constancia of the first send: its verdict and its CDR, as if that send had been answered.
      await deps.store.storeCdr(meta.day, meta.key, kept.cdrXml);
      const status = statusOf(kept.outcome);
      await deps.store.update(meta.day, meta.key, (m) => ({ ...m, status, sunat: answerOfCdr(kept, at) }));
      deps.log(`einvoice: ${meta.key} was already at SUNAT (${result.code}); its CDR fetched (${kept.cdr.responseCode})`);
      return outcomeOf(status);
    }
    // No consultation service (beta, an OSE without one), or it did not answer: SUNAT's word that it holds the document stands.
    deps.log(`einvoice: ${meta.key} was already at SUNAT (${result.code}); kept as accepted, CDR not fetched (${consultNote(kept)})`);
    await deps.store.update(meta.day, meta.key, (m) => ({ ...m, status: 'accepted', sunat: answer }));
    return DONE;
  }
  const status = statusOf(result.outcome === 'retryLater' ? 'fix' : result.outcome);
  await deps.store.update(meta.day, meta.key, (m) => ({ ...m, status, sunat: answer }));
  return outcomeOf(status);
}

/** Why the consultation gave no CDR, for the log. */
function consultNote(reply: GetStatusCdrResult): string {
  if (reply.kind === 'noCdr') return `${reply.code} ${reply.message}`;
  if (reply.kind === 'fault') return `fault ${reply.code ?? ''}`.trim();
  if (reply.kind === 'unreachable') return reply.reason;
  if (reply.kind === 'cdr') return `CDR ${reply.cdr.responseCode}`;
  return 'no consultation service';
}
