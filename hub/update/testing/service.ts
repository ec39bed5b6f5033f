/**
 * Stand-ins for what a box has and a test does not: systemd running
 * `/opt/pos-hub/current/pos-hub` (a supervisor that restarts whatever
 * `current` points to now), and releases of the hub as executables (a shell
 * script running this source as a given release). Everything they start is
 * a real process on a real port.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SOURCE_MAIN = path.join(ROOT, 'hub', 'main.ts');

/**
 * The previous release as it was: the source at the commit before the last
 * store format bump (hub/protocol/version.ts), unpacked with `git archive`
 * into `dir` (node_modules linked), so the store it writes is of the format
 * before this one and the update runs a real migration. Null outside a git
 * checkout (a source tarball): the caller falls back to this source.
 */
export function previousReleaseSource(dir: string): { main: string; commit: string } | null {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 1024 * 1024 });
    const bump = git('log', '-1', '--format=%H', '-G', 'STORE_FORMAT_VERSION = ', '--', 'hub/protocol/version.ts').trim();
    if (!bump) return null;
    const commit = git('rev-parse', `${bump}^`).trim();
    execFileSync('sh', ['-c', 'git archive "$1" | tar -x -C "$2"', 'sh', commit, dir], { cwd: ROOT, stdio: 'ignore' });
    execFileSync('ln', ['-s', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')]);
    return { main: path.join(dir, 'hub', 'main.ts'), commit };
  } catch {
    return null;
  }
}

/** An executable that runs this source as `release` (hub-version.ts: POS_HUB_VERSION_OVERRIDE). */
export function sourceRelease(release: string, main = SOURCE_MAIN): string {
  return `#!/bin/sh\nexec env POS_HUB_VERSION_OVERRIDE='${release}' NODE_OPTIONS= '${process.execPath}' --max-semi-space-size=8 '${main}' "$@"\n`;
}

/** A release that answers --version like a hub and then cannot start (the failed update). */
export function brokenRelease(release: string): string {
  return `#!/bin/sh\nif [ "$1" = --version ]; then echo 'pos-hub ${release} (build broken)'; exit 0; fi\necho 'cannot start' >&2\nexit 1\n`;
}

export async function writeExecutable(file: string, text: string): Promise<string> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text, { mode: 0o755 });
  return file;
}

/** The hub's service: starts `<current>/pos-hub` on a fixed port; restart stops it (SIGTERM, as systemd does) and starts `current` again. */
export class FakeService {
  private proc: ChildProcess | null = null;
  private out = '';
  readonly base: string;
  private readonly currentLink: string;
  private readonly dataDir: string;
  readonly port: number;
  private readonly extraArgs: string[];

  /** `extraArgs`: more of the hub's options (`--demo` for a hub with tables, dishes and staff). */
  constructor(currentLink: string, dataDir: string, port: number, extraArgs: string[] = []) {
    this.currentLink = currentLink;
    this.dataDir = dataDir;
    this.port = port;
    this.extraArgs = extraArgs;
    this.base = `http://127.0.0.1:${port}`;
  }

  output(): string {
    return this.out;
  }

  start(): void {
    const proc = spawn(path.join(this.currentLink, 'pos-hub'), ['--data', this.dataDir, '--port', String(this.port), '--host', '127.0.0.1', '--no-mdns', ...this.extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout!.on('data', (d: Buffer) => (this.out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (this.out += d.toString()));
    this.proc = proc;
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const closed = new Promise((r) => proc.once('close', r));
    proc.kill('SIGTERM');
    await closed;
  }

  async restart(): Promise<void> {
    await this.stop();
    this.start();
  }
}

const NEWER_RELEASE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'newer-release.ts');

/** A release that migrates the store to a newer format and then fails: exits, or never answers health (newer-release.ts). */
export function migratingRelease(release: string, fail: 'exit' | 'hang'): string {
  return `#!/bin/sh\nif [ "$1" = --version ]; then echo 'pos-hub ${release} (build newer)'; exit 0; fi\nexec env NODE_OPTIONS= '${process.execPath}' '${NEWER_RELEASE}' --fail ${fail} "$@"\n`;
}
