import { ConfigError, parseConfig, USAGE } from './config.ts';
import { CLAIM_FILE } from './auth/claim-file.ts';
import { serveUrls, setupLink } from './net/addresses.ts';
import { mdnsHostName } from './net/mdns.ts';
import { DEMO_STAFF } from './demo/staff.ts';
import { DataDirLockError } from './store/data-lock.ts';
import { startHub, HUB_VERSION, PortInUseError, type RunningHub } from './server.ts';
import path from 'node:path';
import { versionLine } from './update/hub-version.ts';
import { keyFingerprint, SELLER_PUBLIC_KEY } from './licence/keys.ts';
import { updateApplyMain } from './update/cli.ts';
import { restoreMain } from './backup/cli.ts';

/**
 * The single entry point, for `npm start` and for the appliance binary. No
 * top-level await: the binary is CommonJS.
 *
 * The console is read by whoever installs the box (a technician, or the owner
 * following the README), so it is in English like the README, in plain words:
 * where to open the hub, how to claim it, how to stop it. What staff and the
 * owner read day to day (pages, printed slips) is in their language.
 */
async function main(): Promise<void> {
  // `pos-hub --version` (the updater asks a new binary this before trusting it) and the
  // root updater's subcommand (hub/update/README.md) never open a data folder.
  if (process.argv[2] === '--version') {
    console.log(versionLine());
    // The seller key whose licence codes this binary accepts (hub/licence/keys.ts), for the technician.
    // On stderr: stdout stays the one line every release's updater reads back (parseVersionLine).
    console.error(`licence: trusts seller key ${keyFingerprint(SELLER_PUBLIC_KEY)}`);
    return;
  }
  if (process.argv[2] === 'update-apply') {
    process.exitCode = await updateApplyMain(process.argv.slice(3));
    return;
  }
  // A backup onto a fresh box (hub/backup/README.md "Restore"): restores and exits; the hub is started after.
  if (process.argv.slice(2).some((a) => a === '--restore' || a.startsWith('--restore='))) {
    process.exitCode = await restoreMain(process.argv.slice(2), process.env);
    return;
  }
  let config;
  try {
    config = parseConfig(process.argv.slice(2), process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (config.help) {
    console.log(USAGE);
    return;
  }
  let stopping = false;
  // A restore from the setup page stops the hub; it opens again here, in this process (same
  // pid: systemd and a terminal alike), and the start swaps the restored data in (hub/backup/handover.ts).
  const open = async (): Promise<RunningHub> => {
    const started = await startHub({ ...config, onRestoreStaged: () => void reopen() });
    announce(started, config);
    return started;
  };
  const reopen = async () => {
    if (stopping) process.exit(0);
    console.log('Restoring the backup: the hub opens again on it...');
    try {
      hub = await open();
    } catch (err) {
      console.error(`POS hub could not open again after the restore: ${(err as Error)?.message ?? String(err)}`);
      process.exit(1);
    }
  };
  let hub = await open();
  console.log('');
  console.log('To stop the hub press Ctrl+C: it saves everything first.');

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal === 'SIGINT' ? 'Ctrl+C' : signal}: stopping, saving everything first...`);
    hub.close().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Where to open the hub, and how to claim it or what the demo is: said at every start. */
function announce(hub: RunningHub, config: { dataDir: string; host: string; mdns: boolean }): void {
  const dataDir = path.resolve(config.dataDir);
  // The shop network's addresses first: "localhost" opens nothing on a phone.
  const urls = [...serveUrls(config.host, hub.port), ...(config.mdns && config.host === '0.0.0.0' ? [`http://${mdnsHostName()}:${hub.port}/`] : [])];
  const lan = urls.filter((u) => !u.startsWith('http://localhost'));
  console.log(`POS hub ${HUB_VERSION} is running. Its data is in ${dataDir}`);
  console.log('Open it on a phone, tablet or PC connected to this network:');
  for (const url of lan) console.log(`  ${url}`);
  console.log(`  http://localhost:${hub.port}/   (on this computer only)`);
  if (hub.claimCode) {
    const code = hub.claimCode.code;
    console.log('');
    console.log('This hub has no owner yet. To set it up, open on a phone or PC of this network:');
    for (const url of lan.length > 0 ? lan : urls) console.log(`  ${setupLink(url, code)}`);
    console.log(`Claim code: ${code} (use it once, within 15 minutes; restart the hub for a new one).`);
    console.log(`It is also in ${path.join(dataDir, CLAIM_FILE)} and on the setup slip of a receipt printer the hub finds.`);
  } else if (isDemo(hub.engine.state.staff)) {
    const demo = DEMO_STAFF.filter((s) => hub.engine.state.staff[s.id]);
    console.log('');
    console.log(`This is the DEMO restaurant${hub.seeded ? ', just created' : ''} (sample menu, tables and staff), to try things out.`);
    console.log(`Demo staff (number / PIN): ${demo.map((s) => `${s.code} / ${s.pin} ${s.name} (${s.roleId})`).join('; ')}`);
    console.log(`A real restaurant starts empty, in a folder of its own: ${process.env.npm_lifecycle_event ? 'npm run start:real' : 'start without --demo, with --data set to an empty folder'}.`);
  }
}

/** The demo restaurant's people are still there (they may have been changed since, but not removed). */
function isDemo(staff: Record<string, unknown>): boolean {
  return DEMO_STAFF.some((s) => staff[s.id] !== undefined);
}

main().catch((err: unknown) => {
  // Refusals the person can act on are one sentence; anything else keeps its detail.
  if (err instanceof DataDirLockError || err instanceof PortInUseError) console.error(`POS hub did not start. ${err.message}`);
  else console.error(`POS hub could not start: ${(err as Error)?.message ?? String(err)}`);
  process.exit(1);
});
