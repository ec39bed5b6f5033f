import { promises as fs } from 'node:fs';
import path from 'node:path';

/** A hub program found on a USB stick plugged into the box: the stick by its folder name, the file by its name. */
export type StickBinary = { stick: string; name: string; size: number };

/** `pos-hub`, `pos-hub-arm64`, `pos-hub-0.2.0`: what a supplier's file is called; nothing with a slash or a dot first. */
const BINARY_NAME = /^pos-hub[A-Za-z0-9._-]{0,60}$/;
/** A stick holds a few; a stick full of such names is not read past this. */
const MAX_PER_STICK = 10;

/**
 * The hub programs at the top of each mounted stick (hub/exports/usb-watch.ts
 * finds the sticks): plain files only (a link could point anywhere on the
 * box), by name. Listed for the update page; the install names one back and
 * is matched against a fresh listing, never joined from what the page sent.
 */
export async function stickBinaries(sticks: readonly string[]): Promise<(StickBinary & { file: string })[]> {
  const found: (StickBinary & { file: string })[] = [];
  for (const stick of sticks) {
    const names = (await fs.readdir(stick).catch(() => [] as string[])).filter((n) => BINARY_NAME.test(n)).sort();
    let kept = 0;
    for (const name of names) {
      if (kept >= MAX_PER_STICK) break;
      const file = path.join(stick, name);
      const st = await fs.lstat(file).catch(() => null);
      if (!st?.isFile()) continue;
      found.push({ stick: path.basename(stick), name, size: st.size, file });
      kept++;
    }
  }
  return found;
}
