import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Deliveries } from './deliveries.ts';
import { exportedDays, readManifest } from './folder.ts';
import { copyDay, copyIsGood, isWritable } from './usb-copy.ts';

/** What the exports page shows of a stick. */
export type StickState = { stick: string; state: 'copying' | 'safeToRemove' | 'readOnly' | 'interrupted'; days: number; copied: number };

export type UsbOptions = {
  /** `<data>/exports`. */
  root: string;
  /** Folders whose sub-folders are mounted volumes (README.md "USB stick"). */
  mountRoots: readonly string[];
  /** Any sub-folder counts as a stick, mount point or not (the test roots from POS_EXPORT_USB_ROOTS). */
  anyFolder: boolean;
  deliveries: Deliveries;
  clock: () => Date;
  log: (message: string) => void;
  everyMs?: number;
  beforeFile?: (name: string) => Promise<void>;
};

/** The default mount roots: udisks mounts at /media/<user>/<label> (Debian, Ubuntu) or /run/media/<user>/<label> (Fedora, Arch). */
export const DEFAULT_MOUNT_ROOTS = ['/media', '/run/media'];

/** Mount roots from the environment: POS_EXPORT_USB_ROOTS, folders separated by ":" (tests, an unusual mount place). */
export function mountRootsFromEnv(env: NodeJS.ProcessEnv): { mountRoots: string[]; anyFolder: boolean } {
  const raw = env.POS_EXPORT_USB_ROOTS?.trim();
  return raw ? { mountRoots: raw.split(':').filter((r) => r !== ''), anyFolder: true } : { mountRoots: DEFAULT_MOUNT_ROOTS, anyFolder: false };
}

async function subFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => join(dir, e.name));
}

/** A volume's root: a folder on another device than its parent (a mount point). */
async function isMountPoint(dir: string, parent: string): Promise<boolean> {
  const [a, b] = await Promise.all([stat(dir).catch(() => null), stat(parent).catch(() => null)]);
  return a !== null && b !== null && a.dev !== b.dev;
}

/**
 * The mounted volumes under the mount roots: each sub-folder that is a mount
 * point, or one level deeper (`/media/<user>/<label>`); with `anyFolder`,
 * every sub-folder (tests). Also read by the claim code's USB copy (hub/auth/claim-usb.ts).
 */
export async function mountedVolumes(mountRoots: readonly string[], anyFolder: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const root of mountRoots) {
    for (const dir of await subFolders(root)) {
      if (anyFolder || (await isMountPoint(dir, root))) found.push(dir);
      else for (const inner of await subFolders(dir)) if (await isMountPoint(inner, dir)) found.push(inner);
    }
  }
  return found;
}

/**
 * Watches the mount roots every few seconds for a mounted stick and copies
 * onto it every exported day it does not hold yet (README.md "USB stick"):
 * a read-only stick is shown so; a stick pulled mid-copy shows
 * "interrupted" while it lasts, and what it missed goes to the next stick.
 */
export class UsbWatcher {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private readonly sticks = new Map<string, StickState>();
  /** Per present stick, the days already checked on it (by their manifest's time): not read back every few seconds. */
  private readonly verified = new Map<string, Map<string, string>>();

  private readonly opts: UsbOptions;

  constructor(opts: UsbOptions) {
    this.opts = opts;
  }

  start(): void {
    this.timer = setInterval(() => void this.scan(), this.opts.everyMs ?? 3_000);
    this.timer.unref();
    void this.scan();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }

  states(): StickState[] {
    return [...this.sticks.values()];
  }

  /** One look (the timer's; tests await it). */
  scan(): Promise<void> {
    this.round ??= this.look().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  private async look(): Promise<void> {
    const present = await mountedVolumes(this.opts.mountRoots, this.opts.anyFolder);
    for (const gone of [...this.sticks.keys()].filter((s) => !present.includes(s))) {
      this.sticks.delete(gone);
      this.verified.delete(gone);
    }
    for (const stick of present) await this.sync(stick);
  }

  private async sync(stick: string): Promise<void> {
    const days = await exportedDays(this.opts.root);
    if (!(await isWritable(stick))) {
      this.sticks.set(stick, { stick: basename(stick), state: 'readOnly', days: days.length, copied: 0 });
      return;
    }
    const verified = this.verified.get(stick) ?? new Map<string, string>();
    this.verified.set(stick, verified);
    let copied = 0;
    for (const day of days) {
      const manifest = await readManifest(this.opts.root, day);
      if (!manifest) continue;
      if (verified.get(day) === manifest.createdAt || (await copyIsGood(stick, manifest))) {
        verified.set(day, manifest.createdAt);
        copied++;
        continue;
      }
      this.sticks.set(stick, { stick: basename(stick), state: 'copying', days: days.length, copied });
      try {
        await copyDay(this.opts.root, stick, manifest, this.opts.beforeFile);
        await this.opts.deliveries.note(day, { usb: { at: this.opts.clock().toISOString(), stick: basename(stick) } });
        verified.set(day, manifest.createdAt);
        copied++;
      } catch (err) {
        this.opts.log(`exports: copy of ${day} to ${basename(stick)} interrupted (${String(err)})`);
        this.sticks.set(stick, { stick: basename(stick), state: 'interrupted', days: days.length, copied });
        return;
      }
    }
    this.sticks.set(stick, { stick: basename(stick), state: 'safeToRemove', days: days.length, copied });
  }
}
