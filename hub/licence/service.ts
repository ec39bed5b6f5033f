import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { calendarDaySchema, LICENCE_TRIAL_DAYS, type ErrorCode, type LicenceStatus } from '#protocol';
import { businessDayOf, licenceStatus, type LicenceBasis } from '#domain';
import { writeFileAtomic } from '#hub/store/durable-fs.ts';
import { readLicenceCode } from './code.ts';
import { keyFingerprint, publicKeyFromRaw, SELLER_PUBLIC_KEY } from './keys.ts';

/** The licence's own file in the data folder: kept by backups, never in the log (README). */
export const LICENCE_FILE = 'licence.json';

const fileSchema = z.object({
  v: z.literal(1),
  /** The Lima day the hub first started: the trial counts from it. */
  firstStart: calendarDaySchema,
  /** The last accepted code, as typed (checked again at every start). */
  code: z.string().max(400).nullable(),
});
type LicenceFile = z.infer<typeof fileSchema>;

export type LicenceServiceOptions = {
  dataDir: string;
  /** The id a code must name: the store's id (it moves with a restored backup to a replacement box). */
  hubId: string;
  demo: boolean;
  clock: () => Date;
  log: (message: string) => void;
  /** Raw Ed25519 public keys trusted; default the seller's alone. Tests add TEST_PUBLIC_KEY. */
  keys?: readonly string[];
  /** Told the new basis at start and after every accepted code (the engine's setLicence). */
  onChange: (basis: LicenceBasis) => void;
};

export type LicenceEntryResult = { ok: true; status: LicenceStatus } | { ok: false; code: ErrorCode };

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The box's licence: reads licence.json at start (made on the first start:
 * the trial's first day), checks the kept code's signature again, tells the
 * engine, and takes a new code from the owner. Entries run one at a time, so
 * two tills typing codes at once keep the newer, never a mix.
 */
export class LicenceService {
  private basis: LicenceBasis;
  private file: LicenceFile;
  private queue: Promise<unknown> = Promise.resolve();

  private readonly opts: LicenceServiceOptions;
  private readonly keys: KeyObject[];
  private readonly fingerprints: string[];

  private constructor(opts: LicenceServiceOptions, keys: KeyObject[], file: LicenceFile) {
    this.opts = opts;
    this.keys = keys;
    this.fingerprints = (opts.keys ?? [SELLER_PUBLIC_KEY]).map(keyFingerprint);
    this.file = file;
    this.basis = this.basisOf(file);
    opts.onChange(this.basis);
  }

  static async open(opts: LicenceServiceOptions): Promise<LicenceService> {
    const keys = (opts.keys ?? [SELLER_PUBLIC_KEY]).map(publicKeyFromRaw);
    const where = path.join(opts.dataDir, LICENCE_FILE);
    let file: LicenceFile | null = null;
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(where, 'utf8')));
      if (parsed.success) file = parsed.data;
      else opts.log('licence: licence.json is not readable; the code must be typed again (the trial counts from today)');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') opts.log(`licence: licence.json could not be read (${String(err)})`);
    }
    if (!file) {
      file = { v: 1, firstStart: businessDayOf(opts.clock().toISOString(), 0), code: null };
      await writeFileAtomic(where, JSON.stringify(file));
    }
    const service = new LicenceService(opts, keys, file);
    const said = startLine(service.status());
    if (said) opts.log(said);
    return service;
  }

  private basisOf(file: LicenceFile): LicenceBasis {
    const terms = file.code === null ? null : readLicenceCode(file.code, this.keys);
    if (file.code !== null && (terms === null || terms.hubId !== this.opts.hubId)) {
      this.opts.log('licence: the kept code does not check against this hub and key; running without it');
    }
    const mine = terms !== null && terms.hubId === this.opts.hubId ? terms : null;
    return { hubId: this.opts.hubId, demo: this.opts.demo, terms: mine, trialUntil: addDays(file.firstStart, LICENCE_TRIAL_DAYS) };
  }

  /** Where the box stands now, by the hub's clock. */
  status(): LicenceStatus {
    return { ...licenceStatus(this.basis, this.opts.clock().toISOString()), sellerKeys: this.fingerprints };
  }

  /**
   * Takes a code typed or scanned by the owner: it must be signed by a
   * trusted key, name this hub, and not cover less than the code kept
   * (a code from last year typed by mistake never shortens a paid year).
   * Written to disk before the engine hears of it.
   */
  enter(code: string): Promise<LicenceEntryResult> {
    const run = this.queue.then(() => this.enterNow(code));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async enterNow(code: string): Promise<LicenceEntryResult> {
    const terms = readLicenceCode(code, this.keys);
    if (!terms) return { ok: false, code: 'LICENCE_INVALID' };
    if (terms.hubId !== this.opts.hubId) return { ok: false, code: 'LICENCE_OTHER_HUB' };
    const kept = this.basis.terms;
    if (kept && (terms.paidUntil < kept.paidUntil || (terms.paidUntil === kept.paidUntil && terms.issued < kept.issued))) {
      return { ok: false, code: 'LICENCE_OLDER' };
    }
    const file: LicenceFile = { ...this.file, code: code.replace(/\s+/g, '') };
    await writeFileAtomic(path.join(this.opts.dataDir, LICENCE_FILE), JSON.stringify(file));
    this.file = file;
    this.basis = this.basisOf(file);
    this.opts.onChange(this.basis);
    this.opts.log(`licence: code accepted, ${terms.plan} paid until ${terms.paidUntil}`);
    return { ok: true, status: this.status() };
  }
}

/** What a start says about the licence, in words a technician reads in the journal (nothing for a demo box). */
export function startLine(status: LicenceStatus): string | null {
  switch (status.state) {
    case 'demo':
      return null;
    case 'trial':
      return `licence: no code entered yet; the box works until ${status.paidUntil} (enter the code on /pages/licence/index)`;
    case 'paid':
    case 'notice':
      return `licence: ${status.plan ?? ''} paid until ${status.paidUntil}`;
    case 'grace':
      return `licence: the paid period ended on ${status.paidUntil}; new orders stop after ${status.lockedAfter} unless a code is entered`;
    case 'expired':
      return `licence: EXPIRED (paid until ${status.paidUntil}); new orders are refused, everything else works; enter a code on /pages/licence/index`;
  }
}
