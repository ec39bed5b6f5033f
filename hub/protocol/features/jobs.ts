import { z } from 'zod';
import { defineProtocol, INTERNAL } from '../feature.ts';
import { idSchema } from '../ids.ts';
import { drawerJobSchema, PRINTER_PROBLEMS, printJobSchema } from '../printers.ts';
import type { FiscalDocument, SummaryDocument } from '../fiscal-document.ts';

/** A business day written YYYY-MM-DD (the rules check it is a real one). */
const exportDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Data the rules computed themselves (never parsed from a device: job payloads are made by the hub only). */
const computed = <T>() => z.custom<T>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));

/**
 * Durable jobs: side effects (a kitchen ticket, a drawer kick, an e-invoice)
 * that events cause. A job is created by the rules in the same log record as
 * the event that caused it, carried out by a runner on the hub, and its
 * status changes are domain events every device sees (hub/jobs/README.md).
 */

/**
 * What a job kind declares. `repeatable`: whether its effect may be carried
 * out again when the hub died in the middle of it (the effect is idempotent
 * by job id). A kind that is not (a printed ticket, a drawer kick) becomes
 * `maybeDone` instead, for a person to retry or cancel.
 */
export type JobKindPolicy = {
  repeatable: boolean;
  maxAttempts: number;
  /**
   * The runner records `job.markWriting` (on disk) right before its first irreversible act: the
   * first byte to the printer, once its connection is open. A job of such a kind found running
   * without the mark never reached the world (still connecting to a printer that is switched
   * off) and runs again by itself; only one with the mark may be on paper and waits for a person.
   */
  marksWriting?: boolean;
};

/** The payload of each job kind: what the runner needs, captured when the job is created. */
export const jobPayloads = {
  /** Test kind: appends a line with the job id to a file, blindly (never repeated after a crash). */
  'test.echo': z.object({ text: z.string().max(200) }),
  /** Test kind: appends a line unless the job id is already in the file (idempotent, retried after a crash). */
  'test.mark': z.object({ text: z.string().max(200) }),
  /** A printout (kitchen ticket, pre-bill, receipt, test page, setup slip) for one printer or kitchen screen. */
  print: printJobSchema,
  /** The 5-byte drawer kick through a receipt printer's drawer port. */
  'drawer.kick': drawerJobSchema,
  /**
   * An e-invoice (factura, boleta, credit note), computed at settlement or correction: filed in the
   * document store, signed, and sent to SUNAT when it is one that goes alone (a factura and its
   * notes); a boleta and its notes wait for their daily summary. `document` is left out of what
   * devices receive (the presenter keeps `key` only); the hub always has it. `billId`: the closed
   * bill it was issued for (a sale, or the bill a credit note corrects), so the documents page can
   * open that bill to void or refund it.
   */
  'einvoice.send': z.object({ key: z.string().max(40), billId: idSchema.optional(), document: computed<FiscalDocument>().optional() }),
  /** A daily summary (RC) of boletas: signed, sent, and its ticket asked about until SUNAT answers. `summary` as above. */
  'einvoice.summary': z.object({ key: z.string().max(40), summary: computed<SummaryDocument>().optional() }),
  /** The accountant's files of one business day written into `<data>/exports/<day>/` (hub/exports/README.md). */
  'export.day': z.object({ day: exportDaySchema }),
  /** A day's export delivered to a destination that may be away (the owner's mailbox, through their SMTP server). */
  'export.deliver': z.object({ day: exportDaySchema, target: z.enum(['mail']) }),
  /** An encrypted backup of the whole data folder into `<data>/backups/` and onto a USB stick when one is plugged in (hub/backup/README.md). */
  'backup.make': z.object({ reason: z.enum(['nightly', 'onDemand']) }),
} as const;

export type JobKind = keyof typeof jobPayloads;
export const JOB_KINDS = Object.keys(jobPayloads) as JobKind[];
export type JobPayload<K extends JobKind> = z.infer<(typeof jobPayloads)[K]>;

/** Every kind's policy; typed over every kind, so a new kind does not compile until it is decided. */
export const JOB_POLICIES: Record<JobKind, JobKindPolicy> = {
  'test.echo': { repeatable: false, maxAttempts: 5 },
  'test.mark': { repeatable: true, maxAttempts: 5 },
  // Paper must never come out twice by itself: an interrupted printout waits for a person. A printer
  // that is off is retried (backoff at most a minute, and at once when it is seen back) for about a day.
  print: { repeatable: false, maxAttempts: 1_500, marksWriting: true },
  // A drawer that opens minutes later, when nobody stands at the till, is worse than one that did not.
  'drawer.kick': { repeatable: false, maxAttempts: 3, marksWriting: true },
  // SUNAT registers a document id once (a second send is answered "already registered", 1033), so a send cut
  // off by a crash is sent again. Kept trying while SUNAT cannot be reached (the lane waits without
  // recording tries while it is down); the deadline warnings tell the owner when that lasts.
  'einvoice.send': { repeatable: true, maxAttempts: 1_000 },
  'einvoice.summary': { repeatable: true, maxAttempts: 1_000 },
  // Writing a day's folder replaces it whole (temp folder, then rename): safe to do again after a crash.
  'export.day': { repeatable: true, maxAttempts: 20 },
  // A mail cut off by a crash may have gone: sent again (the accountant may get it twice, never zero times).
  // Retried while the mail server cannot be reached (the lane waits without recording tries meanwhile).
  'export.deliver': { repeatable: true, maxAttempts: 1_000 },
  // A backup writes a new file under a temp name and renames it: a cut one leaves no backup, so it is made again.
  'backup.make': { repeatable: true, maxAttempts: 10 },
};

/** A job to create: its kind and payload (what `reactions` returns). */
export type JobSpec = { [K in JobKind]: { kind: K; payload: JobPayload<K> } }[JobKind];

/**
 * pending: waits for its turn (or its retry time); running: recorded as
 * started, effect under way; done; failed: gave up (or cannot be retried),
 * with a reason; maybeDone: the hub stopped during an effect that must not be
 * repeated blindly; cancelled: a person gave it up.
 */
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed', 'maybeDone', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Why a job failed, as codes the client translates: the runner's own codes
 * and INTERRUPTED (the hub stopped mid-effect). Hardware kinds add theirs.
 */
/**
 * E-invoice outcomes (hub/einvoice/outbox): SUNAT could not be reached; no certificate or SOL user yet;
 * SUNAT rejected the document (final) or asks for a fix and a new send; a summary's ticket is still
 * being processed. The document store keeps SUNAT's own code and text beside the job.
 */
export const EINVOICE_PROBLEMS = ['SUNAT_UNREACHABLE', 'CERT_MISSING', 'SOL_MISSING', 'SUNAT_REJECTED', 'SUNAT_FIX_NEEDED', 'SUNAT_PROCESSING'] as const;
/**
 * The nightly export's mail (hub/exports): the mail server cannot be reached (retried when it can),
 * refuses the owner's user (the owner fixes the settings), refuses a recipient, or no mail is set up.
 */
export const EXPORT_PROBLEMS = ['MAIL_UNREACHABLE', 'MAIL_AUTH_FAILED', 'MAIL_REJECTED', 'MAIL_NOT_SET_UP'] as const;
/** The backup (hub/backup): the owner has not set its passphrase yet, so nothing could be encrypted. */
export const BACKUP_PROBLEMS = ['BACKUP_NO_PASSPHRASE'] as const;
export const JOB_REASONS = ['IO_ERROR', 'TIMEOUT', 'DEVICE_OFFLINE', 'NO_RUNNER', 'INTERRUPTED', 'UNKNOWN', ...PRINTER_PROBLEMS, ...EINVOICE_PROBLEMS, ...EXPORT_PROBLEMS, ...BACKUP_PROBLEMS] as const;
export const jobReasonSchema = z.enum(JOB_REASONS);
export type JobReason = z.infer<typeof jobReasonSchema>;

/** A job as the hub's job table holds it (devices get its summary, or the whole job on demand). */
export type Job = JobSpec & {
  /** `<command id>.<n>`: derived from the command that caused it, never random, so a replay makes the same. */
  id: string;
  status: JobStatus;
  /** Times it was started (a retry by a person starts the count again). */
  attempts: number;
  /** Hub time after which a pending job may run (its retry time). */
  nextAt: string;
  reason: JobReason | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Hub time the running attempt began writing (`job.markWriting`, kinds with `marksWriting`);
   * absent while it has not, and cleared when an attempt starts. Jobs before issue 19 lack it.
   */
  writingAt?: string;
};

/** What a runner reports after carrying a job out (CONVENTIONS #8: never a throw). */
export const jobOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), canRetry: z.boolean(), reason: jobReasonSchema }),
]);
export type JobOutcome = z.infer<typeof jobOutcomeSchema>;

const jobRef = z.object({ jobId: idSchema });

/** Job commands: the hub's own (internal) and what owners and managers may do to a stuck job. */
const jobCommandPayloads = {
  /** Owners, managers: run a failed or maybe-done job again. */
  'job.retry': jobRef,
  /** Owners, managers: give up a failed or maybe-done job. */
  'job.cancel': jobRef,
  /** Owners, managers: a diagnostic that creates one job of each test kind (proves the queue). */
  'job.test': z.object({ text: z.string().trim().min(1).max(200) }),
  /**
   * Owners, managers (and the hub itself at the closing hour): export a business day again, or only
   * mail it again (`what: 'mail'`). The rule creates the jobs in the same log record.
   */
  'export.run': z.object({ day: exportDaySchema, what: z.enum(['all', 'mail']).default('all') }),
  /** Owners, managers ("back up now") and the hub itself after the nightly export: an encrypted backup (the rule creates the job). */
  'backup.run': z.object({ reason: z.enum(['nightly', 'onDemand']) }),
  /**
   * Internal: recorded before the effect is carried out. `writing`: the effect's first byte goes out
   * right after it (the runner's printer is ready: no connection to open, no question to ask first),
   * so the attempt's writing mark is recorded in the same record (kinds with `marksWriting` only).
   */
  'job.start': jobRef.extend({ writing: z.literal(true).optional() }),
  /** Internal: the running job's effect begins now (its first byte goes to the printer): from here it may be on paper. */
  'job.markWriting': jobRef,
  /** Internal: what the effect came to. */
  'job.finish': jobRef.extend({ outcome: jobOutcomeSchema }),
  /** Internal, at start-up: jobs found running when the hub died. */
  'job.recover': z.object({ jobIds: z.array(idSchema).max(100_000) }),
  /** Internal: drop finished jobs last changed before `before` from the live state. */
  'job.prune': z.object({ before: z.iso.datetime({ offset: true }) }),
} as const;

/** Job events: written to the log, folded by every device. */
export type JobEvent =
  | { type: 'job.created'; job: Job }
  | { type: 'job.started'; jobId: string; at: string }
  /** The running attempt began its irreversible part (kinds with `marksWriting`). */
  | { type: 'job.writing'; jobId: string; at: string }
  | { type: 'job.succeeded'; jobId: string; at: string }
  /** `retryAt` null: given up (status failed); otherwise pending again from then. */
  | { type: 'job.failed'; jobId: string; at: string; reason: JobReason; retryAt: string | null }
  /**
   * Found running at start-up: `maybeDone` for a kind that is not repeatable (one that marks its
   * writing: only when the mark was recorded), else pending again.
   */
  | { type: 'job.interrupted'; jobId: string; at: string; status: 'maybeDone' | 'pending' }
  | { type: 'job.retried'; jobId: string; at: string }
  | { type: 'job.cancelled'; jobId: string; at: string }
  | { type: 'job.pruned'; jobIds: string[] }
  | { type: 'job.testRequested'; text: string }
  /** A day's export was asked for (its jobs follow in the same record). */
  | { type: 'export.requested'; day: string; what: 'all' | 'mail' }
  /** A backup was asked for (its job follows in the same record). */
  | { type: 'backup.requested'; reason: 'nightly' | 'onDemand' };

/**
 * Jobs have no slice of the replicated state (issue 20): they live in the
 * hub's job table (hub/engine/job-table.ts), which folds the job events;
 * devices see the job board (./job-board.ts) and fetch lists and documents.
 * A state of store format 5 or before still holds `jobs` (migration 6).
 */
export type JobsState = Record<never, never>;

/** Durable jobs (hub/jobs/README.md): people act only on stuck jobs; the runner records the rest. */
export const jobsProtocol = defineProtocol<JobEvent, JobsState>()({
  name: 'jobs',
  commands: jobCommandPayloads,
  aliases: {
    'job.retry': 'settings',
    'job.cancel': 'settings',
    'job.test': 'settings',
    'export.run': 'settings',
    'backup.run': 'settings',
    'job.start': INTERNAL,
    'job.markWriting': INTERNAL,
    'job.finish': INTERNAL,
    'job.recover': INTERNAL,
    'job.prune': INTERNAL,
  },
  // The job is not in the status the command needs.
  errors: { JOB_NOT_PENDING: 409, JOB_NOT_STUCK: 409 },
});
