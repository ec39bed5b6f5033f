/**
 * Stand-ins for what a box has and a test does not: systemd running
 * `/opt/pos-hub/current/pos-hub` (a supervisor that restarts whatever
 * `current` points to now), and releases of the hub as executables (a shell
 * script running this source as a given release). Everything they start is
 * a real process on a real port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'main.ts');

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

  constructor(currentLink: string, dataDir: string, port: number) {
    this.currentLink = currentLink;
    this.dataDir = dataDir;
    this.port = port;
    this.base = `http://127.0.0.1:${port}`;
  }

  output(): string {
    return this.out;
  }

  start(): void {
    const proc = spawn(path.join(this.currentLink, 'pos-hub'), ['--data', this.dataDir, '--port', String(this.port), '--host', '127.0.0.1', '--no-mdns'], { stdio: ['ignore', 'pipe', 'pipe'] });
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
