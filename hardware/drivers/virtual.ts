/**
 * The virtual printer: the default until a real printer is added, and what
 * tests use. Each printout is kept as one JSON line in
 * `<dataDir>/virtual-printer/<printerId>.jsonl` (the newest 500 are read back;
 * the file is cut back to them once it holds 50 more), for the page that
 * shows the paper as it would look. It is always ok.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isSafeId, type PrintDocument } from '#protocol';
import type { PrintMeta, PrinterDriver } from '../printer.ts';

/** How many printouts a virtual printer keeps. */
export const VIRTUAL_PAPER_KEPT = 500;
const TRIM_SLACK = 50;

/** One kept printout. */
export type VirtualPrintout = { jobId?: string; at: string; document: PrintDocument };

const fileOf = (dataDir: string, printerId: string) => path.join(dataDir, 'virtual-printer', `${printerId}.jsonl`);

async function readAll(file: string): Promise<VirtualPrintout[]> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return [];
  }
  const out: VirtualPrintout[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      out.push(JSON.parse(line) as VirtualPrintout);
    } catch {
      // A line torn by a crash mid-write is skipped, not fatal.
    }
  }
  return out;
}

/** The virtual printer `printerId`'s kept printouts, newest first, at most `limit`. */
export async function readVirtualPaper(dataDir: string, printerId: string, limit: number): Promise<VirtualPrintout[]> {
  // The id names a file: anything outside the id alphabet has no paper (and reaches no other file).
  if (!isSafeId(printerId)) return [];
  const all = await readAll(fileOf(dataDir, printerId));
  return all.reverse().slice(0, Math.max(0, Math.min(limit, VIRTUAL_PAPER_KEPT)));
}

/** The driver of virtual printer `printerId`; `now` stamps printouts (a test may fix the clock). */
export function virtualDriver(dataDir: string, printerId: string, now: () => Date = () => new Date()): PrinterDriver {
  if (!isSafeId(printerId)) throw new Error(`not a printer id: ${JSON.stringify(printerId)}`);
  const file = fileOf(dataDir, printerId);
  // One write at a time: two prints at once must not lose either printout.
  let queue: Promise<unknown> = Promise.resolve();
  // Lines in the file, learned on the first print. Appending is cheap; the file is cut back to the
  // newest VIRTUAL_PAPER_KEPT only once it holds TRIM_SLACK more, so a print is not a whole rewrite.
  let lines: number | null = null;
  const keep = (entry: VirtualPrintout) => {
    const run = queue.then(async () => {
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      lines ??= (await readAll(file)).length;
      await fs.appendFile(file, JSON.stringify(entry) + '\n', { mode: 0o600 });
      lines += 1;
      if (lines <= VIRTUAL_PAPER_KEPT + TRIM_SLACK) return;
      const kept = (await readAll(file)).slice(-VIRTUAL_PAPER_KEPT);
      const tmp = `${file}.tmp`;
      await fs.writeFile(tmp, kept.map((e) => JSON.stringify(e)).join('\n') + '\n', { mode: 0o600 });
      await fs.rename(tmp, file);
      lines = kept.length;
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    async print(document: PrintDocument, meta?: PrintMeta) {
      if (meta?.beforeWrite && !(await meta.beforeWrite().catch(() => false))) return { ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 };
      await keep({ ...(meta?.jobId ? { jobId: meta.jobId } : {}), at: now().toISOString(), document });
      return { ok: true };
    },
    openDrawer: async (meta?: PrintMeta) => {
      if (meta?.beforeWrite && !(await meta.beforeWrite().catch(() => false))) return { ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 };
      return { ok: true };
    },
    status: async () => ({ state: 'ok' }),
    close: () => queue.then(() => undefined),
  };
}
