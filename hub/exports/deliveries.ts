import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobReason } from '#protocol';
import { writeFileAtomic } from '#hub/store/durable-fs.ts';

/** Where a day's export went, beyond its folder (which is the export itself). */
export type DayDelivery = {
  /** Last copy to a USB stick checked against the manifest: when, and the stick's folder name. */
  usb?: { at: string; stick: string };
  /** Last mail: when and how it went (`reason` a job reason code when it did not). */
  mail?: { at: string; ok: boolean; reason: JobReason | null };
  /**
   * The day's folder could not be written (runners.ts): which file (null: the folder itself) and the
   * system's error code (ENOSPC, EACCES, EROFS…), so the page says what and where, not just "could not write".
   * Cleared (null) once the folder is written.
   */
  folderError?: { at: string; file: string | null; code: string } | null;
};

const FILE = '.deliveries.json';

/**
 * `<exports>/.deliveries.json`: by day, where its export was delivered. Kept
 * beside the folders (not in them: a day folder is exactly its manifest's
 * files, so a stick's copy can be checked file by file). One write at a time.
 */
export class Deliveries {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly file: string;

  constructor(root: string) {
    this.file = join(root, FILE);
  }

  async all(): Promise<Record<string, DayDelivery>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      // A null-prototype copy: a key such as __proto__ in the file stays a plain key.
      return typeof parsed === 'object' && parsed !== null ? Object.assign(Object.create(null) as Record<string, DayDelivery>, parsed) : {};
    } catch {
      return {};
    }
  }

  /** Merges `change` into the day's entry. */
  note(day: string, change: DayDelivery): Promise<void> {
    const next = this.chain.then(async () => {
      const all = await this.all();
      all[day] = { ...all[day], ...change };
      await writeFileAtomic(this.file, JSON.stringify(all));
    });
    this.chain = next.catch(() => undefined);
    return next;
  }
}
