import { createServer, type Server } from 'node:http';
import { hubVersion } from './update/hub-version.ts';
import { updateLayout } from './update/layout.ts';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AuthService } from './auth/auth-service.ts';
import { addMissingPresetRoles } from './auth/presets.ts';
import { ClaimCode } from './auth/claim.ts';
import { seedDemo } from './demo/seed.ts';
import { seedDemoStaff } from './demo/staff.ts';
import { isClaimed } from './domain/index.ts';
import { Engine } from './engine/engine.ts';
import { releaseAfterLoad } from './engine/loading-heap.ts';
import { LicenceService } from './licence/service.ts';
import { folderAssets, seaAssets, type AssetSource } from './http/assets.ts';
import { createHttpApp } from './http/app.ts';
import { IntakeChannels } from './auth/intake-channels.ts';
import { ChannelRate } from './http/routes/intake/channel-rate.ts';
import { ReceivedOrders } from './http/routes/intake/received-orders.ts';
import { loadShiftReport } from './http/routes/shifts/report.ts';
import { echoRunners } from './jobs/echo-runners.ts';
import { JobService } from './jobs/job-service.ts';
import { createPrinting, type Printing } from './jobs/printing/index.ts';
import { createOutbox, type Outbox } from './einvoice/outbox/index.ts';
import { createExports, type Exports } from './exports/index.ts';
import { createBackups, type Backups } from './backup/index.ts';
import { smtpMailPort } from './exports/mail/mail-port.ts';
import { printDocumentText } from './exports/z-text.ts';
import { zReportDocument } from './domain/printing/documents/z-report.ts';
import { shiftDayOf } from './domain/shift/report.ts';
import { ReportService } from './reports/report-service.ts';
import { digestOfUnsigned } from './einvoice/sign/xmldsig.ts';
import { buildFiscalXml } from './einvoice/ubl/index.ts';
import { createDriver, listUsbPrinters, readVirtualPaper } from '../hardware/index.ts';
import type { AnyJobRunner } from './jobs/runner.ts';
import { createHostCheck } from './net/host-names.ts';
import { serveUrls, setupLink } from './net/addresses.ts';
import { placeClaimCode } from './auth/claim-places.ts';
import { mountedVolumes, mountRootsFromEnv } from './exports/usb-watch.ts';
import { createPrinterSearch } from './auth/setup-printer-search.ts';
import { hostsAnswering, ownSubnetHosts, RAW_PRINT_PORT } from './net/printer-search.ts';
import { advertiseRestaurant, mdnsHostName, type Advertiser } from './net/mdns.ts';
import { oneLineLog } from './safe-log.ts';
import { lockDataDir, type DataDirLock } from './store/data-lock.ts';
import { swapInStagedRestore } from './backup/handover.ts';
import { createIntake } from './engine/intake.ts';
import type { SocketLimits } from './sync/socket-limits.ts';
import { attachSockets } from './sync/socket-server.ts';
import type { HubConfig } from './config.ts';

/** package.json's version (hub/update/hub-version.ts: a source run in the update tests may override it). */
export const HUB_VERSION = hubVersion().release;

export type RunningHub = {
  engine: Engine;
  auth: AuthService;
  /** Carries out durable jobs (hub/jobs). */
  jobs: JobService;
  /** Printing: its runners' status monitor and the print history (hub/jobs/printing). */
  printing: Printing;
  /** The e-invoice outbox: document store, SUNAT runners, summary planner, status (hub/einvoice/outbox). */
  outbox: Outbox;
  /** The order report's figures, finished days cached (hub/reports). */
  reports: ReportService;
  /** The nightly export for the accountant: planner, runners, USB stick, deliveries (hub/exports). */
  exports: Exports;
  /** Encrypted backups of the data folder: nightly after the export, on demand, before an update (hub/backup). */
  backups: Backups;
  /** The one-time claim code of this start, while the hub waits for its owner; null when claimed at start. */
  claimCode: ClaimCode | null;
  server: Server;
  port: number;
  url: string;
  seeded: boolean;
  close(): Promise<void>;
};

export type StartOptions = Omit<HubConfig, 'help' | 'setupPrinter'> & {
  /** A network receipt printer for an unclaimed hub's setup slip (`--setup-printer`); none by default. */
  setupPrinter?: HubConfig['setupPrinter'];
  log?: (msg: string) => void;
  clock?: () => Date;
  assets?: AssetSource;
  snapshotEvery?: number;
  /** How long the claim code of an unclaimed hub stays good (15 minutes). */
  claimTtlMs?: number;
  /** Overrides of the socket limits (hub/sync/socket-limits.ts), for tests and benchmarks. */
  socketLimits?: Partial<SocketLimits>;
  /** Job runners instead of the hub's own (tests); and how long finished jobs stay live. */
  jobRunners?: readonly AnyJobRunner[];
  keepFinishedJobsMs?: number;
  /** Printers (tests, benchmarks): how long a printer may take to answer, how often its status is asked. */
  printerTimeoutMs?: number;
  printerStatusEveryMs?: number;
  /** How long the hub waits for SUNAT's answer (60 s); tests with a fake that never answers shorten it. */
  sunatTimeoutMs?: number;
  /** Where the setup page's "find a printer" looks (the box's own subnets, port 9100); tests name 127.0.0.1 and a fake's port. */
  printerSearch?: { hosts: string[]; port: number };
  /** The intake API's pace per channel (hub/http/routes/intake/channel-rate.ts); tests pass a tight one. */
  intakeRate?: { burst: number; perMinute: number };
  /**
   * Called once this hub has stopped after staging a restore (hub/backup/handover.ts): start
   * it again on the same options (main.ts does; the swap happens in that start). Without it
   * the hub only stops (tests start the next one themselves).
   */
  onRestoreStaged?: () => void;
  /** The largest backup the setup page may upload (tests: a small one). */
  restoreMaxBytes?: number;
  /** Raw Ed25519 public keys a licence code may be signed with instead of the seller's (tests: hub/licence/testing/test-key.ts). */
  licenceKeys?: readonly string[];
};

/** Where the built client lives when the hub runs from source. */
function defaultClientDir(): string {
  const here = typeof __dirname === 'string' ? __dirname : path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', 'client', 'dist');
}

/**
 * Starts every service of the hub: store, HTTP, sockets, mDNS. Each has a
 * close, called in reverse order, so tests can start and stop whole hubs.
 */
export async function startHub(opts: StartOptions): Promise<RunningHub> {
  // One hub per data folder, before anything is read (hub/store/README.md "One hub per data folder").
  const lock = lockDataDir(opts.dataDir);
  try {
    // A restore the last start staged (the setup page's "restore from a backup") takes the folder before the store opens.
    await swapInStagedRestore(opts.dataDir, { log: opts.log ?? ((m: string) => console.log(m)) });
    return await startLocked(opts, lock);
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** A port another program holds, said in one sentence (Node's error names only the code). */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

async function startLocked(opts: StartOptions, lock: DataDirLock): Promise<RunningHub> {
  // Every message one line, whatever text people typed into it (safe-log.ts).
  const log = oneLineLog(opts.log ?? ((m: string) => console.log(m)));
  const clock = opts.clock ?? (() => new Date());
  const engine = await Engine.open({ dir: opts.dataDir, clock, log, ...(opts.snapshotEvery ? { snapshotEvery: opts.snapshotEvery } : {}) });
  // The licence before any command: the rules refuse a new sale on an expired box (hub/licence/README.md).
  const licence = await LicenceService.open({ dataDir: opts.dataDir, hubId: engine.storeId, demo: opts.demo, clock, log, ...(opts.licenceKeys ? { keys: opts.licenceKeys } : {}), onChange: (basis) => engine.setLicence(basis) });
  const auth = await AuthService.open(opts.dataDir, engine, { clock, log });
  const seeded = opts.demo ? await seedDemo(engine, clock()) : false;
  if (opts.demo) await seedDemoStaff(engine, auth, clock());
  // A preset the product gained after this hub was claimed (the counter role, issue 21).
  await addMissingPresetRoles(engine, clock());
  // A fresh code at every start while nobody owns the hub.
  const claimCode = isClaimed(engine.state) ? null : new ClaimCode(clock, opts.claimTtlMs);
  // The port is known once listening (a setup slip printed before that names the configured one).
  let listeningPort = opts.port;
  // Made after printing (its runners go to the same job service); the print runner reads its store when a job runs.
  let outboxRef: Outbox | null = null;
  const printing = createPrinting({
    engine,
    dataDir: opts.dataDir,
    createDriver: (printer) => createDriver(printer, { dataDir: opts.dataDir, ...(opts.printerTimeoutMs ? { timeoutMs: opts.printerTimeoutMs } : {}) }),
    slipFacts: () => ({
      urls: [...serveUrls(opts.host, listeningPort), ...(opts.mdns ? [`http://${mdnsHostName()}:${listeningPort}/`] : [])],
      claimCode: isClaimed(engine.state) ? null : (claimCode?.code ?? null),
    }),
    clock,
    log,
    ...(opts.printerStatusEveryMs ? { statusEveryMs: opts.printerStatusEveryMs } : {}),
    // A printed boleta's QR carries its signature's digest, which needs no key: the same value the outbox signs later.
    // A document the outbox filed already (a reprint) is sealed from that filed document, the one signed and
    // sent to SUNAT, even if the fiscal settings changed since and the reprint's document was computed anew.
    fiscalDigest: async (document) => digestOfUnsigned(buildFiscalXml((await outboxRef?.store.filed(document)) ?? document)),
    // A Z report prints with its shift's bills read from the archive (hub/http/routes/shifts/report.ts).
    shiftReport: (ref) => loadShiftReport(engine, ref, clock()),
    // A paid delivery's slip prints with its bill's dishes, read from the archive (hub/jobs/printing/delivery-slip-lines.ts).
    closedBill: (ref) => engine.closedBill(ref.id, ref.day),
    // An unclaimed hub prints its claim code on the receipt printer it finds (hub/jobs/printing/first-printer.ts).
    firstPrinters: { listUsb: listUsbPrinters, setupPrinter: opts.setupPrinter ?? null },
  });
  // Where SUNAT is comes from the owner's settings (an OSE URL on 127.0.0.1 in tests: the fake SUNAT).
  const outbox = createOutbox({ engine, dataDir: opts.dataDir, clock, log, ...(opts.sunatTimeoutMs ? { timeoutMs: opts.sunatTimeoutMs } : {}) });
  outboxRef = outbox;
  // The day's files at the closing hour; each closed shift's Z report as the text of its printout.
  const exports = createExports({
    engine,
    documents: outbox.store,
    dataDir: opts.dataDir,
    clock,
    log,
    mail: smtpMailPort(opts.dataDir),
    zReport: async (shift) => {
      const report = await loadShiftReport(engine, { id: shift.id, day: shiftDayOf(shift.closedAt) }, clock());
      return report ? printDocumentText(zReportDocument(report, 'es')) : null;
    },
  });
  const backups = createBackups({ engine, dataDir: opts.dataDir, clock, log, hubVersion: HUB_VERSION });
  // Before anyone can connect: jobs cut off by the last stop are settled first.
  const jobs = new JobService(engine, opts.jobRunners ?? [...echoRunners(opts.dataDir), ...printing.runners, ...outbox.runners, ...exports.runners, ...backups.runners], { clock, log, ...(opts.keepFinishedJobsMs ? { keepFinishedMs: opts.keepFinishedJobsMs } : {}) });
  await jobs.start();
  // Documents of unfinished jobs filed, past days' boletas summarized, the SUNAT lane's gate ready.
  await outbox.start(jobs);
  // Missed nights exported, the USB watch begun.
  await exports.start(jobs);
  // Cut backups swept, the nightly one planned after the export.
  await backups.start();
  const assets = opts.assets ?? (await seaAssets()) ?? folderAssets(defaultClientDir());
  const intake = createIntake(engine, auth.approvals);
  const claim = () => (isClaimed(engine.state) ? null : claimCode);
  const isOwnHost = createHostCheck({ ownerNames: () => engine.state.settings.hostNames, listenHost: opts.host });
  const printers = { history: printing.history, readPaper: (id: string, limit: number) => readVirtualPaper(opts.dataDir, id, limit), listUsb: listUsbPrinters };
  const reports = new ReportService({ engine, dataDir: opts.dataDir, clock, log });
  const printerSearch = createPrinterSearch({
    claimed: () => isClaimed(engine.state),
    hosts: () => opts.printerSearch?.hosts ?? ownSubnetHosts(),
    port: opts.printerSearch?.port ?? RAW_PRINT_PORT,
    answering: (hosts, port) => hostsAnswering(hosts, port),
    slipOnRequest: (found) => printing.slipOnRequest(found),
    clock,
    log,
  });
  // Web shops' channels (keys hashed in secrets/) and the orders they already sent (issue 21).
  const intakeApi = {
    engine,
    channels: await IntakeChannels.open(opts.dataDir),
    received: await ReceivedOrders.open(opts.dataDir, clock()),
    clock,
    ...(opts.intakeRate ? { rate: new ChannelRate(clock, opts.intakeRate.burst, opts.intakeRate.perMinute) } : {}),
  };
  // A new binary from the owner: checked, backed up first (reason 'update'), staged for the root updater (hub/update).
  const updates = { layout: updateLayout(opts.dataDir), release: HUB_VERSION, build: hubVersion().build, backup: () => backups.now('update'), clock, sticks: () => {
      const roots = mountRootsFromEnv(process.env);
      return mountedVolumes(roots.mountRoots, roots.anyFolder);
    } };
  // The restore route hands the folder over: this hub stops, then opens again (the swap is in startHub).
  let handOver = () => {};
  const restore = { dataDir: opts.dataDir, release: HUB_VERSION, staged: () => handOver(), ...(opts.restoreMaxBytes ? { maxBytes: opts.restoreMaxBytes } : {}) };
  const app = createHttpApp({ engine, intake, auth, claim, printerSearch, assets, version: HUB_VERSION, log, isOwnHost, printers, einvoice: { dataDir: opts.dataDir, clock, onSecretsChanged: outbox.secretsChanged }, documents: outbox.store, outbox: { status: outbox.status, buyer: (ruc) => outbox.buyers.lookup(ruc) }, reports, exports, backups, intakeApi, licence, updates, restore });
  const server = createServer(app.callback());
  const sockets = attachSockets(server, engine, intake, auth, { isOwnHost, log, ...(opts.socketLimits ? { limits: opts.socketLimits } : {}) });
  // A year's store read: the heap V8 kept through the load goes back to the system before the hub answers (loading-heap.ts).
  releaseAfterLoad();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(`Port ${opts.port} is already in use by another program: stop it, or start the hub on another port (--port N).`) : err),
    );
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  listeningPort = port;
  lock.notePort(port);
  // A box with neither screen nor printer: the claim code in the data folder and on a USB stick (hub/auth/claim-places.ts).
  const claimPlaces = placeClaimCode({
    dataDir: opts.dataDir,
    claim: claimCode,
    links: claimCode ? serveUrls(opts.host, port).map((url) => setupLink(url, claimCode.code)) : [],
    claimed: () => isClaimed(engine.state),
    onChange: (listener) => engine.onChange(listener),
    volumes: () => {
      const roots = mountRootsFromEnv(process.env);
      return mountedVolumes(roots.mountRoots, roots.anyFolder);
    },
    log,
  });
  // Status checks and the first setup slip once the hub answers at its address.
  await printing.start(jobs);
  // Past days' report figures are computed in the background, a week at a time, after the hub answers.
  reports.start();
  let mdns: Advertiser | null = null;
  if (opts.mdns) {
    const info = { storeId: engine.storeId, version: HUB_VERSION };
    mdns = advertiseRestaurant({ name: () => engine.state.restaurant.name, onChange: (listener) => engine.onChange(listener), port, info, log });
  }
  const running: RunningHub = {
    engine,
    auth,
    jobs,
    printing,
    outbox,
    reports,
    exports,
    backups,
    claimCode,
    server,
    port,
    url: `http://127.0.0.1:${port}/`,
    seeded,
    close: async () => {
      await mdns?.close();
      await claimPlaces.close();
      const socketsClosed = sockets.close();
      // Before waiting: a connection that never sent a request (a browser's preconnect) is not
      // "idle" to Node, and the server's close inside would wait for it until systemd's SIGKILL.
      server.closeAllConnections();
      await socketsClosed;
      await printing.stop();
      await outbox.stop();
      await exports.stop();
      await backups.stop();
      await reports.stop();
      await jobs.stop();
      await printing.close();
      await auth.close();
      await engine.close();
      lock.release();
    },
  };
  // Once: a hub that stopped itself to hand its folder over may be closed again by its owner.
  const closeOnce = running.close;
  let closing: Promise<void> | null = null;
  running.close = () => (closing ??= closeOnce());
  let handingOver = false;
  handOver = () => {
    if (handingOver) return;
    handingOver = true;
    log('restore: stopping to open again on the restored backup');
    running.close().then(
      () => opts.onRestoreStaged?.(),
      (err: unknown) => log(`restore: the stop before the swap failed: ${String(err)}`),
    );
  };
  return running;
}
