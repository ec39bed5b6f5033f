import { join } from 'node:path';
import type { JobEngine } from '#hub/jobs/job-service.ts';
import type { AnyJobRunner } from '#hub/jobs/runner.ts';
import type { DocumentReader } from '#hub/einvoice/outbox/types.ts';
import { Deliveries } from './deliveries.ts';
import type { ZRenderer } from './exporter.ts';
import { MemberFigures } from '#hub/reports/member-figures.ts';
import { sweep } from './folder.ts';
import { ExportPlanner } from './planner.ts';
import { exportDayRunner, MAIL_LANE, MailGate, mailRunner, type MailPort } from './runners.ts';
import { mountRootsFromEnv, UsbWatcher } from './usb-watch.ts';
import { rangeOf, shiftsOfBusinessDay, type ExportEngine } from './sources.ts';

export { exportDay } from './exporter.ts';
export type { MailPort } from './runners.ts';

export type ExportsOptions = {
  engine: JobEngine & ExportEngine;
  documents: DocumentReader;
  dataDir: string;
  clock: () => Date;
  log: (message: string) => void;
  /** The SMTP side (mail-port.ts wires helper G's delivery); without one, mail counts as not set up. */
  mail?: MailPort;
  zReport?: ZRenderer;
  env?: NodeJS.ProcessEnv;
  /** How often the planner and the USB watcher look (tests). */
  planEveryMs?: number;
  usbEveryMs?: number;
};

/** What the hub holds of the nightly export (README.md of this folder). */
export type Exports = {
  root: string;
  runners: AnyJobRunner[];
  planner: ExportPlanner;
  usb: UsbWatcher;
  deliveries: Deliveries;
  mailGate: MailGate;
  start(lanes: { wakeLane(key: string): void }): Promise<void>;
  stop(): Promise<void>;
};

const NO_MAIL: MailPort = { send: () => Promise.resolve({ ok: false, problem: 'notSetUp' }), reachable: () => Promise.resolve(true) };

export function createExports(opts: ExportsOptions): Exports {
  const root = join(opts.dataDir, 'exports');
  const deliveries = new Deliveries(root);
  const mail = opts.mail ?? NO_MAIL;
  let lanes: { wakeLane(key: string): void } | null = null;
  const mailGate = new MailGate(() => mail.reachable(), () => lanes?.wakeLane(MAIL_LANE));
  const hadActivity = async (day: string) => {
    const { from, to } = rangeOf(opts.engine.state, day);
    return (await opts.engine.closedBillsBetween(from, to)).length > 0 || (await shiftsOfBusinessDay(opts.engine, day)).length > 0;
  };
  const planner = new ExportPlanner({ engine: opts.engine, root, clock: opts.clock, log: opts.log, hadActivity, ...(opts.planEveryMs ? { everyMs: opts.planEveryMs } : {}) });
  const usb = new UsbWatcher({ root, ...mountRootsFromEnv(opts.env ?? process.env), deliveries, clock: opts.clock, log: opts.log, ...(opts.usbEveryMs ? { everyMs: opts.usbEveryMs } : {}) });
  const exporter = { engine: opts.engine, documents: opts.documents, root, clock: opts.clock, ...(opts.zReport ? { zReport: opts.zReport } : {}), ...membersOf(opts.engine) };
  const dayHooks = {
    written: (day: string) => {
      void usb.scan();
      void deliveries.all().then((all) => (all[day]?.folderError ? deliveries.note(day, { folderError: null }) : undefined)).catch(() => undefined);
    },
    failed: async (day: string, failure: { file: string | null; code: string }) => {
      opts.log(`exports: could not write ${failure.file ?? 'the folder'} of ${day} into ${join(root, day)} (${failure.code}); tried again`);
      await deliveries.note(day, { folderError: { at: opts.clock().toISOString(), ...failure } });
    },
  };
  return {
    root,
    runners: [exportDayRunner(exporter, dayHooks), mailRunner(root, mail, mailGate, deliveries, opts.clock, opts.engine.jobs)],
    planner,
    usb,
    deliveries,
    mailGate,
    start: async (jobLanes) => {
      lanes = jobLanes;
      await sweep(root);
      await planner.start();
      usb.start();
    },
    stop: async () => {
      await planner.stop();
      await usb.stop();
      mailGate.stop();
    },
  };
}

/** The members' ledger reader when the engine keeps a ledger (a real one; a test's fake may not). */
function membersOf(engine: ExportEngine): { members?: MemberFigures } {
  const { ledgerDays, recentFiledLedger } = engine;
  if (!ledgerDays || !recentFiledLedger) return {};
  // The state is read when a day is exported (the engine replaces it as commands land).
  return { members: new MemberFigures({ ledgerDays, recentFiledLedger, get state() { return engine.state; } }) };
}
