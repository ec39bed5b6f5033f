import { execFile } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applyUpdate } from './apply.ts';
import { updateLayout } from './layout.ts';

export const UPDATE_APPLY_USAGE = `Usage: pos-hub update-apply [options]   (run as root by pos-hub-update.service)

  --data DIR        the hub's data folder              (default /var/lib/pos-hub)
  --root DIR        prefix of /opt/pos-hub             (default /; tests use a scratch folder)
  --port N          the port the hub serves on, to ask its health (default 80)
  --service NAME    the systemd unit to restart       (default pos-hub.service)
  --give-up S       seconds the new release has to become healthy (default 90)
`;

/**
 * `pos-hub update-apply`: installs what the hub staged (apply.ts) and writes
 * last-result.json. Exit 0 when there was nothing to do or the new release
 * runs, 1 when it went back or failed (the journal shows the line), 2 for
 * bad options.
 */
export async function updateApplyMain(argv: string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: { data: { type: 'string' }, root: { type: 'string' }, port: { type: 'string' }, service: { type: 'string' }, 'give-up': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${UPDATE_APPLY_USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(UPDATE_APPLY_USAGE);
    return 0;
  }
  const port = Number(values.port ?? '80');
  const giveUp = Number(values['give-up'] ?? '90');
  const service = values.service ?? 'pos-hub.service';
  if (!Number.isInteger(port) || port < 1 || port > 65535 || !(giveUp > 0 && giveUp <= 3600) || !/^[A-Za-z0-9@._-]{1,100}$/.test(service)) {
    console.error(`--port, --give-up or --service is not valid\n\n${UPDATE_APPLY_USAGE}`);
    return 2;
  }
  const layout = updateLayout(path.resolve(values.data ?? '/var/lib/pos-hub'), path.resolve(values.root ?? '/'));
  const result = await applyUpdate({
    layout,
    stop: () => systemctl(['stop', service], 300_000),
    restart: () => systemctl(['restart', '--no-block', service], 60_000),
    healthyAs: (release) => healthyAs(`http://127.0.0.1:${port}`, release),
    giveUpMs: giveUp * 1000,
    backGiveUpMs: Math.max(giveUp, 180) * 1000,
    clock: () => new Date(),
    log: (line) => console.log(line),
  });
  return result === null || result.ok ? 0 : 1;
}

/** `stop` waits until the hub has written its final snapshot and exited (TimeoutStopSec of the unit); `restart --no-block` returns at once. */
function systemctl(args: string[], timeout: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('systemctl', args, { timeout }, (err) => (err ? reject(err) : resolve()));
  });
}

/** The hub at `base` answers /api/health ok, as `release` (the old binary still answering does not count). */
export async function healthyAs(base: string, release: string): Promise<boolean> {
  const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(3000) });
  if (!res.ok) return false;
  const body = (await res.json()) as { ok?: unknown; version?: unknown };
  return body.ok === true && body.version === release;
}
