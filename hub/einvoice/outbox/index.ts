import type { Change, Job } from '#protocol';
import { readSendSettings } from '#hub/http/routes/einvoice/sol-store.ts';
import { jobsOfKind, UNFINISHED_GROUPS, type JobPages } from '#hub/jobs/job-pages.ts';
import type { JobEngine } from '#hub/jobs/job-service.ts';
import type { AnyJobRunner } from '#hub/jobs/runner.ts';
import { BuyerDirectory } from '../buyers/buyer-directory.ts';
import { loadSigner, storedCertificateInfo } from '../secrets/certificate-store.ts';
import { endpointUrl } from '../sunat/endpoints.ts';
import { buildFiscalXml, buildSummaryXml } from '../ubl/index.ts';
import { DocumentStore } from './document-store.ts';
import { SunatGate, type GateDeps, type GateReason } from './gate.ts';
import { sunatAnswers } from './reachability.ts';
import { sendRunner } from './send-runner.ts';
import { settingsFingerprint, type OutboxDeps } from './sending.ts';
import { OpenDocuments } from './status.ts';
import { SummaryPlanner } from './summary-planner.ts';
import { summaryRunner } from './summary-runner.ts';
import type { OutboxStatus } from './types.ts';

export { DocumentStore } from './document-store.ts';
export { SUNAT_LANE } from './lane.ts';

export type OutboxOptions = {
  engine: JobEngine;
  dataDir: string;
  clock?: () => Date;
  log?: (message: string) => void;
  /** SUNAT's client, signer and settings (tests wrap them); the real ones by default. */
  client?: OutboxDeps['client'];
  timeoutMs?: number;
  /** The gate's timers (tests). */
  setTimer?: GateDeps['setTimer'];
  /** How often the summary planner looks (1 min). */
  planEveryMs?: number;
};

/** What the hub holds of the outbox. */
export type Outbox = {
  runners: AnyJobRunner[];
  store: DocumentStore;
  gate: SunatGate;
  planner: SummaryPlanner;
  /** The legal names of the companies invoiced before, by RUC (the till's look-up). */
  buyers: BuyerDirectory;
  /** After the job service started: files what waits, plans past days' summaries. */
  start(lanes: { wakeLane(key: string): void }): Promise<void>;
  stop(): Promise<void>;
  /** The certificate or the SOL settings were saved: a lane waiting for them tries at once. */
  secretsChanged(): void;
  status(): Promise<OutboxStatus>;
};

/** E-invoice jobs not finished, whose documents the store should hold: the job table's pages for the two kinds (no other job is read). */
function unfinished(jobs: JobPages): Job[] {
  return [...jobsOfKind(jobs, 'einvoice.send', UNFINISHED_GROUPS), ...jobsOfKind(jobs, 'einvoice.summary', UNFINISHED_GROUPS)];
}

/**
 * The e-invoice outbox (README.md of this folder): the document store, the
 * send and summary runners in one lane, the gate that holds the lane while
 * SUNAT, the certificate or the SOL user is missing, the summary planner,
 * and the status the e-invoicing banner shows.
 */
export function createOutbox(opts: OutboxOptions): Outbox {
  const clock = opts.clock ?? (() => new Date());
  const log = opts.log ?? ((m: string) => console.log(m));
  const store = new DocumentStore(opts.dataDir, clock);
  let lanes: { wakeLane(key: string): void } | null = null;
  const probe = async (reason: GateReason, since: string | null): Promise<boolean> => {
    if (reason === 'CERT_MISSING') return (await loadSigner(opts.dataDir, clock()).catch(() => null)) !== null;
    const settings = await readSendSettings(opts.dataDir);
    if (reason === 'SOL_MISSING') return settings !== null && settings.user !== '' && settings.password !== '' && settingsFingerprint(settings) !== since;
    // Settings gone meanwhile: let the job find out and say SOL_MISSING.
    if (!settings) return true;
    try {
      return await sunatAnswers(endpointUrl(settings.endpoint));
    } catch {
      return true;
    }
  };
  const gate = new SunatGate({ probe, wake: (lane) => lanes?.wakeLane(lane), clock, log, ...(opts.setTimer ? { setTimer: opts.setTimer } : {}) });
  const deps: OutboxDeps = { dataDir: opts.dataDir, store, gate, clock, log, ...(opts.client ? { client: opts.client } : {}), ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) };
  const planner = new SummaryPlanner({ engine: opts.engine, clock, log, ...(opts.planEveryMs ? { everyMs: opts.planEveryMs } : {}) });
  const open = new OpenDocuments(store, clock);
  const buyers = new BuyerDirectory({ dataDir: opts.dataDir, reader: store, clock, log });
  let loadingBuyers: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | null = null;

  // Filed as soon as the rules create the job: the documents page lists a sale's document even while the lane waits.
  const file = async (job: Job): Promise<void> => {
    try {
      if (job.kind === 'einvoice.send' && job.payload.document) {
        const doc = job.payload.document;
        // The till's RUC look-up learns the company's legal name from each factura (buyers/buyer-directory.ts).
        if (doc.type === '01') buyers.remember(doc.customer, `${doc.issueDate}T${doc.issueTime}`);
        await store.fileDocument(doc, buildFiscalXml(doc), job.payload.billId ?? null);
      }
      if (job.kind === 'einvoice.summary' && job.payload.summary) await store.fileSummary(job.payload.summary, buildSummaryXml(job.payload.summary));
    } catch (err) {
      log(`einvoice: ${job.id} not filed yet (${String(err)}); its job files it`);
    }
  };

  // A boleta of a summary SUNAT refused, queued again (einvoice.requeueSummary): it waits for its new summary, no longer "rejected".
  const waitAgain = async (day: string, key: string): Promise<void> => {
    try {
      if (!(await store.meta(day, key))) return;
      await store.update(day, key, (m) => (m.status === 'rejected' || m.status === 'needsFix' ? { ...m, status: 'awaitingSummary', summaryId: null } : m));
    } catch (err) {
      log(`einvoice: ${key} not marked as waiting again (${String(err)})`);
    }
  };

  return {
    runners: [sendRunner(deps), summaryRunner(deps)],
    store,
    gate,
    planner,
    buyers,
    start: async (jobLanes) => {
      lanes = jobLanes;
      unsubscribe = opts.engine.onChange((change: Change) => {
        for (const event of change.events) {
          if (event.type === 'job.created') void file(event.job);
          if (event.type === 'einvoice.summaryQueued') void waitAgain(event.pending.referenceDate, event.pending.key);
        }
      });
      for (const job of unfinished(opts.engine.jobs)) await file(job);
      await planner.start();
      void open.load().catch((err: unknown) => log(`einvoice: status not loaded (${String(err)})`));
      loadingBuyers = buyers.load().catch((err: unknown) => log(`einvoice: buyer names not loaded (${String(err)})`));
    },
    stop: async () => {
      unsubscribe?.();
      unsubscribe = null;
      await planner.stop();
      await gate.stop();
      await loadingBuyers;
      await buyers.flush();
    },
    secretsChanged: () => void gate.checkNow(),
    status: async () => {
      const counts = await open.counts();
      const certificate = await storedCertificateInfo(opts.dataDir).then((info) => info !== null && !info.expired, () => false);
      const settings = await readSendSettings(opts.dataDir).catch(() => null);
      return { reachable: gate.reachable, lastContactAt: gate.lastContactAt, ...counts, certificate, sol: settings !== null && settings.user !== '' && settings.password !== '' };
    },
  };
}
