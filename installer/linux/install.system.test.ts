import { execFile, spawnSync } from 'node:child_process';
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * installer/linux/: the install script run into scratch roots (never /), the
 * units checked by systemd's own analyser there, the uninstall, and the
 * health check against a real hub. Needs root (the script chowns to the
 * user it creates) and systemd's tools; skips with a message without them.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const INSTALL = path.join(here, 'install.sh');
const UNINSTALL = path.join(here, 'uninstall.sh');
const HEALTH = path.join(here, 'pos-hub-health.sh');
const CONFINED_HUB = path.join(here, 'testing', 'confined-hub.sh');
const REPO = path.resolve(here, '..', '..');
const UNITS = ['pos-hub.service', 'pos-hub-health.service', 'pos-hub-health.timer', 'pos-hub-update.path', 'pos-hub-update.service'];
/** Where the machine's own systemd units are (Debian: /lib is /usr/lib). */
const HOST_UNITS = '/usr/lib/systemd/system';

function missingTools(): string | null {
  if (process.getuid?.() !== 0) return 'not root (the install chowns to the user it creates)';
  for (const tool of ['systemd-analyze', 'systemd-sysusers', 'systemd-tmpfiles', 'systemctl', 'timeout', 'unshare', 'setpriv', 'ip']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is missing (Debian: systemd, coreutils, util-linux, iproute2)`;
  }
  return null;
}
const missing = missingTools();
// .ci/run sets INSTALL_CHECKS_REQUIRED: there a missing tool fails the run instead of skipping it.
if (missing && process.env.INSTALL_CHECKS_REQUIRED) throw new Error(`installer/linux tests cannot run: ${missing}`);
if (missing) console.warn(`installer/linux tests skipped: ${missing}`);

type Run = { code: number; stdout: string; stderr: string };
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { env: { ...process.env, ...env } }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'pos-install-test-'));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

let rootCount = 0;
async function freshRoot(): Promise<string> {
  const root = path.join(scratch, `root-${++rootCount}`);
  await mkdir(root);
  return root;
}

/** A stand-in binary: says a release on --version, as `pos-hub --version` does (hub/update/hub-version.ts). */
async function fakeBinary(name: string, versionLine: string, exitCode = 0): Promise<string> {
  const file = path.join(scratch, name);
  await writeFile(file, `#!/bin/sh\necho '${versionLine}'\nexit ${exitCode}\n`);
  await chmod(file, 0o755);
  return file;
}

const install = (root: string, binary: string, ...extra: string[]) => run(INSTALL, ['--root', root, '--binary', binary, ...extra]);

async function idOf(root: string, file: 'passwd' | 'group', name: string): Promise<number> {
  const line = (await readFile(path.join(root, 'etc', file), 'utf8')).split('\n').find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`${name} not in ${file}`);
  return Number(line.split(':')[2]);
}

async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) out.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
  return out.sort();
}

describe.skipIf(missing !== null)('install.sh into a scratch root', () => {
  let root = '';
  let v1 = '';
  beforeAll(async () => {
    root = await freshRoot();
    v1 = await fakeBinary('hub-1', 'pos-hub 1.2.3 (build test)');
    const result = await install(root, v1);
    expect(result.stderr.match(/install\.sh:.*/g) ?? []).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('http://pos.local/');
    // What the technician does before leaving the box (linux/README.md "For the technician").
    expect(result.stdout).toContain('set the backup passphrase');
  });

  it('puts the binary in its release folder, root-owned and executable, with current pointing at it', async () => {
    const bin = path.join(root, 'opt/pos-hub/releases/1.2.3/pos-hub');
    const info = await stat(bin);
    expect([info.uid, info.gid, info.mode & 0o7777]).toEqual([0, 0, 0o755]);
    expect(await readFile(bin, 'utf8')).toBe(await readFile(v1, 'utf8'));
    expect(await readlink(path.join(root, 'opt/pos-hub/current'))).toBe('releases/1.2.3');
    await expect(lstat(path.join(root, 'opt/pos-hub/previous'))).rejects.toThrow(/ENOENT/);
    const health = await stat(path.join(root, 'opt/pos-hub/bin/pos-hub-health'));
    expect([health.uid, health.mode & 0o7777]).toEqual([0, 0o755]);
  });

  it('makes the system user poshub (no login) and its data folder 0700 poshub:poshub', async () => {
    const passwd = (await readFile(path.join(root, 'etc/passwd'), 'utf8')).split('\n').find((l) => l.startsWith('poshub:'));
    expect(passwd?.split(':').slice(4)).toEqual(['POS hub', '/var/lib/pos-hub', '/usr/sbin/nologin']);
    const uid = await idOf(root, 'passwd', 'poshub');
    const gid = await idOf(root, 'group', 'poshub');
    expect(uid).toBeLessThan(1000); // a system user
    for (const dir of ['var/lib/pos-hub', 'var/lib/pos-hub/updates', 'var/lib/pos-hub/updates/incoming', 'var/lib/pos-hub/backups']) {
      const info = await stat(path.join(root, dir));
      expect([dir, info.uid, info.gid, info.mode & 0o7777]).toEqual([dir, uid, gid, 0o700]);
    }
    // The printers' group exists for SupplementaryGroups=lp.
    await idOf(root, 'group', 'lp');
  });

  it('installs the units root-owned 0644 and enables the hub, the health timer and the update path', async () => {
    for (const unit of UNITS) {
      const info = await stat(path.join(root, 'etc/systemd/system', unit));
      expect([unit, info.uid, info.mode & 0o7777]).toEqual([unit, 0, 0o644]);
    }
    expect(await readlink(path.join(root, 'etc/systemd/system/multi-user.target.wants/pos-hub.service'))).toBe('/etc/systemd/system/pos-hub.service');
    expect(await readlink(path.join(root, 'etc/systemd/system/multi-user.target.wants/pos-hub-update.path'))).toBe('/etc/systemd/system/pos-hub-update.path');
    expect(await readlink(path.join(root, 'etc/systemd/system/timers.target.wants/pos-hub-health.timer'))).toBe('/etc/systemd/system/pos-hub-health.timer');
    const unit = await readFile(path.join(root, 'etc/systemd/system/pos-hub.service'), 'utf8');
    expect(unit).toContain('ExecStart=/opt/pos-hub/current/pos-hub --data /var/lib/pos-hub --port 80');
    expect(unit).toMatch(/^ReadWritePaths=\/var\/lib\/pos-hub -\/media -\/run\/media$/m);
  });

  it('writes the sysusers/tmpfiles files, the settings file, the USB rule with poshub\'s numbers, and names the box pos', async () => {
    const uid = await idOf(root, 'passwd', 'poshub');
    const gid = await idOf(root, 'group', 'poshub');
    expect(await readFile(path.join(root, 'etc/tmpfiles.d/pos-hub.conf'), 'utf8')).toMatch(/^d \/var\/lib\/pos-hub +0700 poshub poshub -$/m);
    expect(await readFile(path.join(root, 'etc/sysusers.d/pos-hub.conf'), 'utf8')).toMatch(/^u poshub /m);
    expect(await readFile(path.join(root, 'etc/default/pos-hub'), 'utf8')).toContain('POS_SETUP_PRINTER');
    const rule = await readFile(path.join(root, 'etc/udev/rules.d/90-pos-hub-usb-stick.rules'), 'utf8');
    expect(rule).toContain(`uid=${uid},gid=${gid},`);
    expect(rule).not.toContain('@UID@');
    expect(await readFile(path.join(root, 'etc/hostname'), 'utf8')).toBe('pos\n');
    expect(await readFile(path.join(root, 'etc/hosts'), 'utf8')).toMatch(/^127\.0\.1\.1\tpos$/m);
  });

  it('leaves no temporary file behind', async () => {
    const leftovers = (await listTree(root)).filter((f) => /\.(new|installing)$/.test(f));
    expect(leftovers).toEqual([]);
  });

  it('passes systemd-analyze verify, which does catch a wrong line', async () => {
    // verify loads the units of the root's own systemd (sysinit.target...): the machine's, copied in.
    await cp(HOST_UNITS, path.join(root, 'usr/lib/systemd/system'), { recursive: true });
    const units = UNITS.map((u) => `/etc/systemd/system/${u}`);
    const good = await run('systemd-analyze', ['verify', `--root=${root}`, ...units]);
    expect([good.code, good.stderr]).toEqual([0, '']);

    const planted = path.join(root, 'etc/systemd/system/pos-hub.service');
    const text = await readFile(planted, 'utf8');
    await writeFile(planted, text.replace('NoNewPrivileges=yes', 'NoNewPrivilege=yes'));
    const bad = await run('systemd-analyze', ['verify', `--root=${root}`, '/etc/systemd/system/pos-hub.service']);
    expect(bad.stderr).toContain("Unknown key 'NoNewPrivilege'");
    await writeFile(planted, text);
  });

  it('the hub unit scores as hardened by systemd-analyze security (exposure at most 3.5 of 10)', async () => {
    const result = await run('systemd-analyze', ['security', '--offline=yes', `--root=${root}`, '/etc/systemd/system/pos-hub.service']);
    const score = /Overall exposure level for pos-hub\.service: ([\d.]+)/.exec(result.stdout);
    expect(score, result.stdout + result.stderr).not.toBeNull();
    expect(Number(score![1])).toBeLessThanOrEqual(3.5);
    for (const line of ['NoNewPrivileges=', 'ProtectSystem=', 'ProtectHome=', 'PrivateTmp=', 'RestrictSUIDSGID=']) {
      expect(result.stdout).toMatch(new RegExp(`✓ ${line}`));
    }
  });

  it('a second release moves current and keeps the first as previous; the data and edited settings stay', async () => {
    const settings = path.join(root, 'etc/default/pos-hub');
    await writeFile(settings, 'POS_SETUP_PRINTER=10.0.0.9:9100\n');
    const sale = path.join(root, 'var/lib/pos-hub/log-000001.jsonl');
    await writeFile(sale, '{"seq":1}\n');
    const uid = await idOf(root, 'passwd', 'poshub');

    const v2 = await fakeBinary('hub-2', 'pos-hub 1.3.0 (build test)');
    expect((await install(root, v2)).code).toBe(0);
    expect(await readlink(path.join(root, 'opt/pos-hub/current'))).toBe('releases/1.3.0');
    expect(await readlink(path.join(root, 'opt/pos-hub/previous'))).toBe('releases/1.2.3');
    // The same release again (a technician re-running the script) does not make it its own previous.
    expect((await install(root, v2)).code).toBe(0);
    expect(await readlink(path.join(root, 'opt/pos-hub/previous'))).toBe('releases/1.2.3');

    expect(await readFile(settings, 'utf8')).toBe('POS_SETUP_PRINTER=10.0.0.9:9100\n');
    expect(await readFile(sale, 'utf8')).toBe('{"seq":1}\n');
    expect(await idOf(root, 'passwd', 'poshub')).toBe(uid);
    expect((await readFile(path.join(root, 'etc/passwd'), 'utf8')).match(/^poshub:/gm)).toHaveLength(1);
  });

  it('uninstall removes the service and binaries and keeps the data, the user and the settings', async () => {
    const purgeUnsure = await run(UNINSTALL, ['--root', root, '--purge-data']);
    expect(purgeUnsure.code).toBe(1);
    expect(purgeUnsure.stderr).toContain('--yes-i-have-a-backup');
    expect(await readlink(path.join(root, 'opt/pos-hub/current'))).toBe('releases/1.3.0'); // refused: nothing removed

    const result = await run(UNINSTALL, ['--root', root]);
    expect(result.code).toBe(0);
    await expect(stat(path.join(root, 'opt/pos-hub'))).rejects.toThrow(/ENOENT/);
    for (const unit of UNITS) await expect(stat(path.join(root, 'etc/systemd/system', unit))).rejects.toThrow(/ENOENT/);
    await expect(lstat(path.join(root, 'etc/systemd/system/multi-user.target.wants/pos-hub.service'))).rejects.toThrow(/ENOENT/);
    await expect(lstat(path.join(root, 'etc/systemd/system/timers.target.wants/pos-hub-health.timer'))).rejects.toThrow(/ENOENT/);
    await expect(stat(path.join(root, 'etc/udev/rules.d/90-pos-hub-usb-stick.rules'))).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(root, 'var/lib/pos-hub/log-000001.jsonl'), 'utf8')).toBe('{"seq":1}\n');
    expect((await stat(path.join(root, 'var/lib/pos-hub'))).mode & 0o7777).toBe(0o700);
    await idOf(root, 'passwd', 'poshub');
    expect(await readFile(path.join(root, 'etc/default/pos-hub'), 'utf8')).toBe('POS_SETUP_PRINTER=10.0.0.9:9100\n');

    // Installing again carries on with the same data.
    expect((await install(root, await fakeBinary('hub-3', 'pos-hub 1.3.1 (build test)'))).code).toBe(0);
    expect(await readFile(path.join(root, 'var/lib/pos-hub/log-000001.jsonl'), 'utf8')).toBe('{"seq":1}\n');

    const purge = await run(UNINSTALL, ['--root', root, '--purge-data', '--yes-i-have-a-backup']);
    expect(purge.code).toBe(0);
    await expect(stat(path.join(root, 'var/lib/pos-hub'))).rejects.toThrow(/ENOENT/);
  });
});

describe.skipIf(missing !== null)('install.sh refuses and writes nothing', () => {
  const cases: Array<{ name: string; args: (root: string) => Promise<string[]>; says: RegExp }> = [
    { name: 'no binary there', args: async () => ['--binary', path.join(scratch, 'nothing-here')], says: /no binary at/ },
    { name: 'a binary that fails', args: async () => ['--binary', await fakeBinary('fails', 'pos-hub 1.0.0 (build x)', 1)], says: /does not run on this machine/ },
    { name: 'a binary that is not a hub', args: async () => ['--binary', await fakeBinary('other', 'node v24.0.0')], says: /not a POS hub release/ },
    { name: 'a release name that climbs out', args: async () => ['--binary', await fakeBinary('climb', 'pos-hub ../../etc (build x)')], says: /not a POS hub release/ },
    { name: 'a release name with a slash', args: async () => ['--binary', await fakeBinary('slash', 'pos-hub 1.0/../../x (build x)')], says: /not a POS hub release/ },
    { name: 'a host name with dots', args: async () => ['--binary', await fakeBinary('ok-1', 'pos-hub 1.0.0 (build x)'), '--hostname', 'pos.evil'], says: /--hostname must be/ },
    { name: 'a host name in capitals', args: async () => ['--binary', await fakeBinary('ok-2', 'pos-hub 1.0.0 (build x)'), '--hostname', 'POS'], says: /--hostname must be/ },
    { name: 'an unknown CPU', args: async () => ['--arch', 'riscv64'], says: /no POS hub binary for the CPU "riscv64"/ },
    { name: 'an unknown option', args: async () => ['--force'], says: /unknown option --force/ },
  ];
  it.each(cases)('$name', async ({ args, says }) => {
    const root = await freshRoot();
    const result = await run(INSTALL, ['--root', root, ...(await args(root))]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(says);
    expect(await listTree(root)).toEqual([]);
  });

  it('refuses a --root that is not a folder', async () => {
    const result = await run(INSTALL, ['--root', path.join(scratch, 'no-such-root'), '--binary', await fakeBinary('ok-3', 'pos-hub 1.0.0 (build x)')]);
    expect([result.code, /is not a folder/.test(result.stderr)]).toEqual([1, true]);
  });
});

/**
 * The health check (pos-hub-health.sh) as the timer runs it, with a stand-in
 * systemctl that says the hub is active (or not) and writes down a restart.
 */
describe.skipIf(missing !== null)('the health check', () => {
  /** What the check asks first: is the hub running, is the updater at work. */
  const ACTIVE_CHECKS = ['is-active --quiet pos-hub.service', 'is-active --quiet pos-hub-update.service'];
  let dir = '';
  let systemctl = '';
  let hub: TestHub;
  const servers: Server[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    dir = path.join(scratch, 'health');
    await mkdir(dir);
    systemctl = path.join(dir, 'systemctl');
    // is-active answers from a file per unit: 0 (active) for the hub, 3 (inactive) for the updater, unless set.
    await writeFile(
      systemctl,
      `#!/bin/sh\necho "$*" >>"${dir}/calls"\nif [ "$1" = is-active ]; then\n  [ -f "${dir}/state-$3" ] && exit "$(cat "${dir}/state-$3")"\n  [ "$3" = pos-hub.service ] && exit 0\n  exit 3\nfi\nexit 0\n`,
    );
    await chmod(systemctl, 0o755);
    hub = await startTestHub({ signIn: false });
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await hub?.close();
  });

  async function check(port: number, state: string): Promise<Run & { calls: string[] }> {
    await rm(path.join(dir, 'calls'), { force: true });
    const result = await run('bash', [HEALTH], {
      POS_HEALTH_PORT: String(port),
      POS_HEALTH_STATE: path.join(dir, state),
      POS_HEALTH_SYSTEMCTL: systemctl,
      POS_HEALTH_TIMEOUT: '1',
      POS_HEALTH_FAILURES: '3',
    });
    const calls = (await readFile(path.join(dir, 'calls'), 'utf8').catch(() => '')).split('\n').filter(Boolean);
    return { ...result, calls };
  }

  /** A port that accepts connections and never answers: a hub whose event loop hangs. */
  async function silentPort(): Promise<number> {
    const server = createServer((socket) => sockets.push(socket));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }
  /** A port nobody listens on: a hub that died without systemd noticing yet. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('a real hub that answers is left alone', async () => {
    const port = Number(new URL(hub.url).port);
    for (let i = 0; i < 4; i++) {
      const result = await check(port, 'healthy');
      expect([result.code, result.calls]).toEqual([0, ACTIVE_CHECKS]);
    }
    expect(await readFile(path.join(dir, 'healthy'), 'utf8')).toBe('0\n');
  });

  it.each([
    ['a port that accepts and never answers', silentPort],
    ['a port nobody listens on', closedPort],
  ])('%s: restarted at the third miss in a row, then counted from zero', async (_name, portOf) => {
    const port = await portOf();
    const state = `misses-${port}`;
    expect((await check(port, state)).calls).toEqual(ACTIVE_CHECKS);
    expect((await check(port, state)).stdout).toContain('2 of 3');
    const third = await check(port, state);
    expect(third.calls).toEqual([...ACTIVE_CHECKS, 'restart pos-hub.service']);
    expect(third.stdout).toContain('restarting pos-hub.service');
    expect(await readFile(path.join(dir, state), 'utf8')).toBe('0\n');
  });

  it('one answer in between starts the count again', async () => {
    const dead = await closedPort();
    const live = Number(new URL(hub.url).port);
    await check(dead, 'between');
    await check(dead, 'between');
    expect((await check(live, 'between')).stdout).toContain('answers again after 2 missed');
    await check(dead, 'between');
    expect((await check(dead, 'between')).calls).not.toContain('restart pos-hub.service');
  });

  it('a hub restarted by the updater is not counted: the updater waits for it and goes back by itself', async () => {
    const dead = await closedPort();
    await writeFile(path.join(dir, 'state-pos-hub-update.service'), '0');
    for (let i = 0; i < 4; i++) expect((await check(dead, 'updating')).calls).toEqual(ACTIVE_CHECKS);
    await rm(path.join(dir, 'state-pos-hub-update.service'));
    expect((await check(dead, 'updating')).stdout).toContain('1 of 3');
  });

  it('a hub stopped on purpose is not counted, and a garbage count file is read as zero', async () => {
    const dead = await closedPort();
    await writeFile(path.join(dir, 'state-pos-hub.service'), '3');
    for (let i = 0; i < 4; i++) expect((await check(dead, 'stopped')).calls).toEqual(['is-active --quiet pos-hub.service']);
    await rm(path.join(dir, 'state-pos-hub.service'));
    await writeFile(path.join(dir, 'garbage'), '$(reboot)\n');
    const result = await check(dead, 'garbage');
    expect(result.stdout).toContain('1 of 3');
    expect(result.calls).not.toContain('restart pos-hub.service');
  });
});

/**
 * The hub itself under the unit's limits (testing/confined-hub.sh: the user
 * nobody with the group lp, only CAP_NET_BIND_SERVICE, everything read-only
 * but the data folder, a USB printer at /dev/usb/lp0), run from source in a
 * mount and network namespace of its own. What a first boot does: port 80,
 * health, the setup slip on the USB printer by itself, a clean stop.
 */
/** Runs a hub (from source or a binary) through testing/confined-hub.sh with a fresh data folder owned by nobody. */
async function runConfined(name: string, command: string, args: string[]) {
  const data = path.join(scratch, name);
  await chmod(scratch, 0o711); // nobody must reach its data folder inside
  await mkdir(data, { mode: 0o700 });
  await chmod(data, 0o700);
  spawnSync('chown', ['nobody:nogroup', data]);
  const result = await run('unshare', ['--mount', '--net', '--fork', CONFINED_HUB, data, REPO, command, ...args]);
  const said = (key: string) => result.stdout.split('\n').find((l) => l.startsWith(`${key} `))?.slice(key.length + 1) ?? '';
  return { data, result, said, context: result.stdout + result.stderr };
}

describe.skipIf(missing !== null)('the hub confined as pos-hub.service confines it', () => {
  it('answers on port 80, prints the setup slip on the USB printer, writes only its data folder and stops with 0', async () => {
    const { data, result, said, context } = await runConfined('confined-data', process.execPath, ['--max-semi-space-size=8', 'hub/main.ts']);

    expect(JSON.parse(said('HEALTH') || '{}'), context).toMatchObject({ ok: true, writable: true });
    expect(result.stdout).not.toMatch(/^(WRITABLE|NOTE) /m);
    expect(said('WHOAMI').split(/\s+/)).toEqual(['nobody', 'nogroup']);
    // The slip carries the claim code the hub printed in the journal.
    const code = /Claim code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(result.stdout)?.[1];
    expect(code, context).toBeDefined();
    expect(Buffer.from(said('SLIP'), 'base64').toString('latin1')).toContain(code);
    expect(said('EXIT'), context).toBe('0');
    expect(result.stdout).toContain('Stopped.');
    // The final snapshot covers the whole log: the next start has nothing to replay.
    const afterSpace = (line: string) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as { seq: number };
    const snapshot = afterSpace(await readFile(path.join(data, 'snapshot.json'), 'utf8'));
    expect(snapshot.seq).toBeGreaterThanOrEqual((JSON.parse(said('HEALTH')) as { seq: number }).seq);
    const walSeqs: number[] = [];
    for (const segment of await readdir(path.join(data, 'wal'))) {
      for (const line of (await readFile(path.join(data, 'wal', segment), 'utf8')).split('\n').filter(Boolean)) walSeqs.push(afterSpace(line).seq);
    }
    expect(walSeqs.filter((seq) => !(seq <= snapshot.seq))).toEqual([]);
    // Everything it made is its own (nothing outside was writable anyway).
    const foreign = (await listTree(data)).filter((f) => spawnSync('stat', ['-c', '%U', path.join(data, f)]).stdout.toString().trim() !== 'nobody');
    expect(foreign).toEqual([]);
  });
});

/**
 * The real binary, as a technician installs it: built (with a stand-in client),
 * installed by install.sh into a scratch root, then started from that root's
 * /opt/pos-hub/current/pos-hub under the unit's limits.
 */
describe.skipIf(missing !== null)('the built binary installed and run as the service would', () => {
  it('installs as its own release (the version it prints), answers on port 80 and stops with 0', async () => {
    const client = path.join(scratch, 'stand-in-client');
    await mkdir(client);
    await writeFile(path.join(client, 'index.html'), '<!doctype html><title>POS</title>\n');
    const binary = path.join(scratch, 'build', 'pos-hub');
    const build = await run(process.execPath, [path.join(REPO, 'installer', 'build-binary.ts'), '--client-dir', client, '--out', binary]);
    expect(build.code, build.stdout + build.stderr).toBe(0);
    const release = /^pos-hub (\S+) /.exec((await run(binary, ['--version'])).stdout)?.[1];
    expect(release).toBeDefined();

    const root = await freshRoot();
    expect((await install(root, binary)).code).toBe(0);
    expect(await readlink(path.join(root, 'opt/pos-hub/current'))).toBe(`releases/${release}`);
    await chmod(root, 0o755);

    const { result, said, context } = await runConfined('binary-data', path.join(root, 'opt/pos-hub/current/pos-hub'), []);
    expect(JSON.parse(said('HEALTH') || '{}'), context).toMatchObject({ ok: true, version: release });
    expect(result.stdout).not.toMatch(/^(WRITABLE|NOTE) /m);
    expect(said('EXIT'), context).toBe('0');
  });
});
