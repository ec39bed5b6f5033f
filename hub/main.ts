import { ConfigError, parseConfig, USAGE } from './config.ts';
import { serveUrls } from './net/addresses.ts';
import { DEMO_STAFF } from './demo/staff.ts';
import { startHub, HUB_VERSION } from './server.ts';

/**
 * The single entry point, for `npm start` and for the appliance binary. No
 * top-level await: the binary is CommonJS.
 */
async function main(): Promise<void> {
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
  const hub = await startHub(config);
  console.log(`POS hub ${HUB_VERSION}: data in ${config.dataDir}`);
  if (hub.seeded) console.log('Demo restaurant created (30 dishes, 12 tables).');
  console.log('Open the hub on any device of this network:');
  for (const url of serveUrls(config.host, hub.port)) console.log(`  ${url}`);
  if (hub.claimCode) {
    console.log('This hub has no owner yet. To set it up, open on a phone or PC of this network:');
    for (const url of serveUrls(config.host, hub.port)) console.log(`  ${url}#/pages/setup/index`);
    console.log(`Claim code: ${hub.claimCode.code} (use it once, within 15 minutes; restart the hub for a new one)`);
  } else if (config.demo) {
    const demo = DEMO_STAFF.filter((s) => hub.engine.state.staff[s.id]);
    if (demo.length > 0) console.log(`Demo staff (number / PIN): ${demo.map((s) => `${s.code} / ${s.pin} ${s.name} (${s.roleId})`).join('; ')}`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing (writing a final snapshot)...`);
    hub.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`POS hub could not start: ${(err as Error)?.message ?? String(err)}`);
  process.exit(1);
});
