import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Deliveries } from './deliveries.ts';
import { sha256, writeDayFolder } from './folder.ts';
import { STICK_FOLDER } from './usb-copy.ts';
import { mountRootsFromEnv, UsbWatcher } from './usb-watch.ts';

/**
 * The USB stick with temp folders as sticks (POS_EXPORT_USB_ROOTS makes any
 * sub-folder of a root one): the days not on a stick are copied and read
 * back, a stick pulled in the middle leaves the rest for the next stick, a
 * read-only volume is told so and nothing is written.
 */

let base = '';
let root = '';
let media = '';
const DAYS = ['2026-11-21', '2026-11-22', '2026-11-23'];
const clock = () => new Date('2026-11-24T10:00:00.000Z');

function watcher(beforeFile?: (name: string) => Promise<void>, mountRoots = [media]) {
  return new UsbWatcher({ root, mountRoots, anyFolder: true, deliveries: new Deliveries(root), clock, log: () => {}, ...(beforeFile ? { beforeFile } : {}) });
}

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'pos-usb-'));
  root = join(base, 'exports');
  media = join(base, 'media');
  await mkdir(media);
  for (const day of DAYS) {
    await writeDayFolder(root, day, [
      { name: `ventas-${day}.csv`, bytes: Buffer.from(`ventas ${day}\n`) },
      { name: `comprobantes-${day}.zip`, bytes: Buffer.alloc(50_000, day) },
    ], `${day}T10:00:00.000Z`);
  }
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function daysOn(stick: string): Promise<string[]> {
  return (await readdir(join(stick, STICK_FOLDER)).catch(() => [])).filter((n) => !n.startsWith('.')).sort();
}

describe('USB stick delivery', () => {
  it('reads the mount roots from the environment, else /media and /run/media', () => {
    expect(mountRootsFromEnv({ POS_EXPORT_USB_ROOTS: '/a:/b' })).toEqual({ mountRoots: ['/a', '/b'], anyFolder: true });
    expect(mountRootsFromEnv({})).toEqual({ mountRoots: ['/media', '/run/media'], anyFolder: false });
  });

  it('copies every day not on the stick, checks it, says safe to remove, and notes the delivery', async () => {
    const stick = join(media, 'KINGSTON');
    await mkdir(stick);
    const w = watcher();
    await w.scan();
    expect(await daysOn(stick)).toEqual(DAYS);
    for (const day of DAYS) {
      const copy = await readFile(join(stick, STICK_FOLDER, day, `comprobantes-${day}.zip`));
      expect(sha256(copy)).toBe(sha256(await readFile(join(root, day, `comprobantes-${day}.zip`))));
    }
    expect(w.states()).toEqual([{ stick: 'KINGSTON', state: 'safeToRemove', days: 3, copied: 3 }]);
    expect(Object.keys(await new Deliveries(root).all()).sort()).toEqual(DAYS);
    // A day exported later goes to the same stick at the next look; the others are not copied again.
    await writeDayFolder(root, '2026-11-24', [{ name: 'ventas-2026-11-24.csv', bytes: Buffer.from('x') }], '2026-11-24T10:00:00.000Z');
    const copiedNames: string[] = [];
    await watcher(async (name) => void copiedNames.push(name)).scan();
    expect(copiedNames).toEqual(['ventas-2026-11-24.csv']);
    expect(await daysOn(stick)).toEqual([...DAYS, '2026-11-24']);
  });

  it('a stick pulled mid-copy is interrupted; the next stick gets every day, whole', async () => {
    const first = join(media, 'PULLED');
    await mkdir(first);
    let files = 0;
    const w = watcher(async () => {
      if (++files === 3) await rm(first, { recursive: true, force: true });
    });
    await w.scan();
    expect(w.states()).toEqual([{ stick: 'PULLED', state: 'interrupted', days: 3, copied: 1 }]);
    await w.scan();
    expect(w.states()).toEqual([]);
    const second = join(media, 'SANDISK');
    await mkdir(second);
    await w.scan();
    expect(await daysOn(second)).toEqual(DAYS);
    expect(w.states()).toEqual([{ stick: 'SANDISK', state: 'safeToRemove', days: 3, copied: 3 }]);
  });

  it('a read-only volume is shown so and nothing is written to it', async () => {
    // Running as root, no permission makes a folder read-only; procfs is a read-only volume even for root.
    const readOnlyRoot = process.getuid?.() === 0 ? '/proc/sys' : media;
    if (readOnlyRoot === media) {
      const { chmod } = await import('node:fs/promises');
      await mkdir(join(media, 'LOCKED'));
      await chmod(join(media, 'LOCKED'), 0o555);
    }
    const w = watcher(undefined, [readOnlyRoot]);
    await w.scan();
    const states = w.states();
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((s) => s.state === 'readOnly' && s.copied === 0)).toBe(true);
    expect(Object.keys(await new Deliveries(root).all())).toEqual([]);
  });
});
