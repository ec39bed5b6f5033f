import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { JobOutcome } from '#protocol';
import type { Engine } from '#hub/engine/engine.ts';
import type { JobRunner } from '#hub/jobs/runner.ts';
import { mountRootsFromEnv } from '#hub/exports/usb-watch.ts';
import { checkWhole } from './container.ts';
import { BackupError } from './errors.ts';
import { passphraseAcceptable, readBackupKey, setBackupPassphrase } from './key-store.ts';
import { BackupPlanner } from './planner.ts';
import { backupHeader } from './restore.ts';
import { namesToRotate } from './rotation.ts';
import { copyToSticks, type StickCopy } from './usb.ts';
import { BACKUP_SUFFIX, parseBackupName, writeBackup, type BackupEntry, type BackupReason } from './write.ts';

export { BackupError } from './errors.ts';
export type { BackupEntry, BackupReason } from './write.ts';

/** A backup as the owner's page lists it: whole or not (checked without the passphrase), never the key. */
export type BackupListed = { name: string; size: number; createdAt: string | null; seq: number | null; reason: BackupReason; whole: boolean; problem: string | null };

export type BackupsOptions = {
  engine: Pick<Engine, 'state' | 'submit' | 'onChange' | 'jobs' | 'snapshot' | 'seq' | 'storeId'>;
  dataDir: string;
  clock: () => Date;
  log: (message: string) => void;
  hubVersion: string;
  env?: NodeJS.ProcessEnv;
  planEveryMs?: number;
};

export type Backups = {
  folder: string;
  runners: JobRunner<'backup.make'>[];
  planner: BackupPlanner;
  /** A backup now, waited for (R8's update takes one before it installs; the job runner too). */
  now(reason: BackupReason): Promise<BackupEntry>;
  list(): Promise<BackupListed[]>;
  hasPassphrase(): Promise<boolean>;
  setPassphrase(passphrase: string): Promise<void>;
  /** The sticks the last backup went to. */
  lastSticks(): StickCopy[];
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** Said at every start while no passphrase is set (README "Backups: the passphrase"). */
export const NO_PASSPHRASE_LINE = 'backup: no backups are made yet: the owner sets the backup passphrase on /pages/backup/index (updates need one too)';

export function createBackups(opts: BackupsOptions): Backups {
  const folder = path.join(opts.dataDir, 'backups');
  const roots = mountRootsFromEnv(opts.env ?? process.env);
  // One backup at a time (the job, the update, a second tap): each waits for the one before.
  let chain: Promise<unknown> = Promise.resolve();
  let sticks: StickCopy[] = [];
  // Whole-file checks by name, size and time: a file checked once is not read again at every list.
  const checked = new Map<string, { stamp: string; whole: boolean; problem: string | null }>();

  const make = async (reason: BackupReason): Promise<BackupEntry> => {
    const key = await readBackupKey(opts.dataDir);
    if (!key) throw new BackupError('BACKUP_NO_PASSPHRASE');
    // Everything so far in one fresh snapshot: the log's tail in the file is short, the restore quick.
    await opts.engine.snapshot();
    const entry = await writeBackup({ dataDir: opts.dataDir, folder, key, reason, clock: opts.clock, hubVersion: opts.hubVersion, storeId: opts.engine.storeId, seq: opts.engine.seq });
    for (const name of namesToRotate(await fs.readdir(folder))) await fs.rm(path.join(folder, name), { force: true });
    sticks = await copyToSticks(entry, roots, opts.log);
    opts.log(`backup: ${entry.name} written (${entry.size} bytes, seq ${entry.seq})${sticks.length > 0 ? `, copied to ${sticks.filter((s) => s.ok).length} of ${sticks.length} USB sticks` : ''}`);
    return entry;
  };

  const now = (reason: BackupReason): Promise<BackupEntry> => {
    const run = chain.then(() => make(reason));
    chain = run.catch(() => undefined);
    return run;
  };

  const runner: JobRunner<'backup.make'> = {
    kind: 'backup.make',
    perform: async (job): Promise<JobOutcome> => {
      try {
        await now(job.payload.reason);
        return { ok: true };
      } catch (err) {
        const code = err instanceof BackupError ? err.code : 'BACKUP_IO_ERROR';
        opts.log(`backup: not made (${code})`);
        // No passphrase: nothing a retry changes until the owner sets one (the page says so).
        if (code === 'BACKUP_NO_PASSPHRASE') return { ok: false, canRetry: false, reason: 'BACKUP_NO_PASSPHRASE' };
        return { ok: false, canRetry: true, reason: 'IO_ERROR' };
      }
    },
  };

  const list = async (): Promise<BackupListed[]> => {
    const names = (await fs.readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith(BACKUP_SUFFIX) && parseBackupName(n) !== null);
    const out: BackupListed[] = [];
    for (const name of names.sort().reverse()) {
      const file = path.join(folder, name);
      const st = await fs.stat(file).catch(() => null);
      if (!st) continue;
      const stamp = `${st.size}:${st.mtimeMs}`;
      let verdict = checked.get(name);
      if (verdict?.stamp !== stamp) {
        const handle = await fs.open(file, 'r');
        const whole = await checkWhole(handle).finally(() => handle.close());
        verdict = { stamp, whole: whole.ok, problem: whole.ok ? null : whole.code };
        checked.set(name, verdict);
      }
      const header = verdict.whole ? await backupHeader(file).catch(() => null) : null;
      out.push({ name, size: st.size, createdAt: header?.createdAt ?? null, seq: header?.seq ?? null, reason: parseBackupName(name)!.reason, whole: verdict.whole, problem: verdict.problem });
    }
    return out;
  };

  const planner = new BackupPlanner({
    engine: opts.engine,
    clock: opts.clock,
    log: opts.log,
    lastNightly: async () => (await list()).find((b) => b.reason === 'nightly' && b.whole) ?? null,
    hasPassphrase: async () => (await readBackupKey(opts.dataDir)) !== null,
    ...(opts.planEveryMs ? { everyMs: opts.planEveryMs } : {}),
  });

  return {
    folder,
    runners: [runner],
    planner,
    now,
    list,
    hasPassphrase: async () => (await readBackupKey(opts.dataDir)) !== null,
    setPassphrase: async (passphrase) => {
      if (!passphraseAcceptable(passphrase)) throw new Error('passphrase');
      await setBackupPassphrase(opts.dataDir, passphrase, opts.clock());
    },
    lastSticks: () => sticks,
    start: async () => {
      // Temp files a kill left (a backup cut mid-write): never listed, removed at start.
      for (const name of await fs.readdir(folder).catch(() => [] as string[])) if (name.startsWith('.tmp-')) await fs.rm(path.join(folder, name), { force: true });
      // The console is read by whoever installs the box: without a passphrase no backup is ever made
      // (nightly, on demand or before an update, which is refused), and nothing else says so off the backup page.
      if ((await readBackupKey(opts.dataDir)) === null) opts.log(NO_PASSPHRASE_LINE);
      await planner.start();
    },
    stop: async () => {
      await planner.stop();
      await chain;
    },
  };
}
