import { createHash } from 'node:crypto';
import type { JobOutcome } from '#protocol';
import { readSendSettings, type SendSettings } from '#hub/http/routes/einvoice/sol-store.ts';
import { loadSigner, type Signer } from '../secrets/certificate-store.ts';
import { digestValueOf } from '../sign/xmldsig.ts';
import type { CdrReply, FaultReply, SunatClient } from '../sunat/client.ts';
import { SunatClient as RealClient } from '../sunat/client.ts';
import { consultUrl, endpointUrl } from '../sunat/endpoints.ts';
import type { SunatOutcome } from '../sunat/error-catalogue.ts';
import type { DocumentStore } from './document-store.ts';
import type { GateReason, SunatGate } from './gate.ts';
import type { DocumentMeta, DocumentStatus, SunatAnswer } from './types.ts';

/** What SUNAT's side of a runner needs (tests wrap the real client to cut a run short). */
export type SunatApi = Pick<SunatClient, 'sendBill' | 'sendSummary' | 'getStatus' | 'getStatusCdr'>;

/** What both e-invoice runners share. */
export type OutboxDeps = {
  dataDir: string;
  store: DocumentStore;
  gate: SunatGate;
  clock: () => Date;
  log: (message: string) => void;
  /** The SOAP client for the stored settings (default: the real one); `consultEndpoint`: where getStatusCdr asks, null when nowhere. */
  client?: (endpoint: string, credentials: { ruc: string; user: string; password: string }, consultEndpoint: string | null) => SunatApi;
  signer?: (dataDir: string, now: Date) => Promise<Signer | null>;
  sendSettings?: (dataDir: string) => Promise<SendSettings | null>;
  timeoutMs?: number;
};

/** A step that either gives its value or ends the job with an outcome. */
export type Step<T> = { ok: true; value: T } | { ok: false; outcome: JobOutcome };

export const DONE: JobOutcome = { ok: true };
const retry = (reason: GateReason | 'SUNAT_PROCESSING'): JobOutcome => ({ ok: false, canRetry: true, reason });

/** Statuses after which a document needs nothing more from the outbox. */
export const FINAL_STATUSES: ReadonlySet<DocumentStatus> = new Set(['accepted', 'observed', 'rejected']);

/** A fingerprint of the SOL settings (never the password itself): the gate waits for them to change after a refusal. */
export function settingsFingerprint(settings: SendSettings | null): string | null {
  return settings ? createHash('sha256').update(JSON.stringify(settings)).digest('hex') : null;
}

/** SOAP faults that mean the SOL user or password is wrong, missing or not allowed to send (catalogue 0101–0106, 0110–0113). */
const CREDENTIAL_FAULTS = new Set(['0101', '0102', '0103', '0104', '0105', '0106', '0110', '0111', '0112', '0113']);

/**
 * Signs a filed document once: the stored signed XML when there is one (a
 * resend carries the very bytes of the first send), else signed now with
 * the owner's certificate and kept. No usable certificate: the lane waits.
 */
export async function signOnce(deps: OutboxDeps, meta: DocumentMeta, status: DocumentStatus): Promise<Step<string>> {
  const stored = await deps.store.signedXml(meta.day, meta.key);
  if (stored !== null) return { ok: true, value: stored };
  const filed = await deps.store.read(meta.day, meta.key, 'xml');
  if (!filed) return { ok: false, outcome: { ok: false, canRetry: true, reason: 'IO_ERROR' } };
  // Signed already, its digest not in the meta: a crash fell between the two writes of storeSigned. That signature stands.
  const kept = digestValueOf(filed.bytes.toString('utf8'));
  if (kept !== '') {
    await deps.store.storeSigned(meta.day, meta.key, filed.bytes.toString('utf8'), kept, status);
    return { ok: true, value: filed.bytes.toString('utf8') };
  }
  let signer: Signer | null = null;
  try {
    signer = await (deps.signer ?? loadSigner)(deps.dataDir, deps.clock());
  } catch (err) {
    // Expired or unreadable: the owner must upload one; the code only, never the password.
    deps.log(`einvoice: certificate not usable (${(err as { code?: string }).code ?? 'CERT_UNREADABLE'})`);
  }
  if (!signer) {
    deps.gate.block('CERT_MISSING');
    return { ok: false, outcome: retry('CERT_MISSING') };
  }
  const signed = signer.sign(filed.bytes.toString('utf8'));
  await deps.store.storeSigned(meta.day, meta.key, signed.xml, signed.digestValue, status);
  return { ok: true, value: signed.xml };
}

/** The client for the stored SOL settings; none (or no password): the lane waits for them. */
export async function sunatFor(deps: OutboxDeps, ruc: string): Promise<Step<SunatApi>> {
  const settings = await (deps.sendSettings ?? readSendSettings)(deps.dataDir);
  let endpoint: string | null;
  let consult: string | null = null;
  try {
    endpoint = settings ? endpointUrl(settings.endpoint) : null;
    consult = settings ? consultUrl(settings.endpoint) : null;
  } catch {
    // An OSE URL the settings route would refuse (hand-edited file): as good as none.
    endpoint = null;
  }
  if (!settings || settings.password === '' || settings.user === '' || endpoint === null) {
    deps.gate.block('SOL_MISSING', null);
    return { ok: false, outcome: retry('SOL_MISSING') };
  }
  const credentials = { ruc, user: settings.user, password: settings.password };
  const make = deps.client ?? ((url, creds, consultEndpoint) => new RealClient({ endpoint: url, consultEndpoint, credentials: creds, ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) }));
  return { ok: true, value: make(endpoint, credentials, consult) };
}

/** No answer from SUNAT: the lane waits for the probe. */
export function unreachable(deps: OutboxDeps): JobOutcome {
  deps.gate.contact(false);
  deps.gate.block('SUNAT_UNREACHABLE');
  return retry('SUNAT_UNREACHABLE');
}

/** SUNAT's outcome as the document's status. */
export function statusOf(outcome: Exclude<SunatOutcome, 'retryLater'>): DocumentStatus {
  return ({ accepted: 'accepted', acceptedWithObservations: 'observed', rejected: 'rejected', fix: 'needsFix' } as const)[outcome];
}

/** The job's end for a document status SUNAT gave. */
export function outcomeOf(status: DocumentStatus): JobOutcome {
  if (status === 'rejected') return { ok: false, canRetry: false, reason: 'SUNAT_REJECTED' };
  if (status === 'needsFix') return { ok: false, canRetry: false, reason: 'SUNAT_FIX_NEEDED' };
  return DONE;
}

/** What the store keeps of a CDR: its code, its text (SUNAT's description, else the catalogue's), its notes. */
export function answerOfCdr(reply: CdrReply, at: string): SunatAnswer {
  const { cdr } = reply;
  return { code: cdr.responseCode, text: cdr.description || cdr.codeText || '', notes: cdr.notes, at };
}

/** What the store keeps of a fault: SUNAT's code and the catalogue's text (else the fault's own message). */
export function answerOfFault(reply: FaultReply, at: string): SunatAnswer {
  return { code: reply.code ?? '', text: reply.sunatText ?? reply.message, notes: [], at };
}

/**
 * A fault that is not about the document: SUNAT's own service failed (retry
 * later, the lane waits), or the SOL user was refused (the lane waits for
 * the owner to change the settings). Null when the fault is the document's.
 */
export async function faultOutsideDocument(deps: OutboxDeps, reply: FaultReply): Promise<JobOutcome | null> {
  if (reply.outcome === 'retryLater') return unreachable(deps);
  if (reply.code !== null && CREDENTIAL_FAULTS.has(reply.code)) {
    deps.log(`einvoice: SUNAT refused the SOL user (${reply.code})`);
    deps.gate.block('SOL_MISSING', settingsFingerprint(await (deps.sendSettings ?? readSendSettings)(deps.dataDir)));
    return retry('SOL_MISSING');
  }
  return null;
}

export { retry };
