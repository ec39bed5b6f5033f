import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { SalesFigures } from '#protocol';
import { makePrivateDir, writeFileAtomic } from '#hub/store/durable-fs.ts';

/**
 * The figures of finished business days, one small file each
 * (`<data>/reports/days/YYYY-MM-DD.json`), so a month or a year report adds
 * up a few hundred of these instead of reading 200,000 archived bills. Each
 * file carries the `version` it was computed under (figures format and
 * closing hour, see report-service.ts): a file of another version, a damaged
 * one or a missing one reads as null and the day is computed again.
 */

type DayFile = { version: string; day: string; figures: SalesFigures };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export class DayFiguresStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'reports', 'days');
  }

  private file(day: string): string {
    // The day names a file: nothing but a date may reach the disk.
    if (!DAY.test(day)) throw new RangeError(`not a day: ${day}`);
    return path.join(this.dir, `${day}.json`);
  }

  async read(day: string, version: string): Promise<SalesFigures | null> {
    let text: string;
    try {
      text = await fs.readFile(this.file(day), 'utf8');
    } catch {
      return null;
    }
    try {
      const parsed = JSON.parse(text) as Partial<DayFile> | null;
      if (!parsed || parsed.version !== version || parsed.day !== day || typeof parsed.figures !== 'object' || parsed.figures === null) return null;
      return parsed.figures;
    } catch {
      return null;
    }
  }

  /** Written whole or not at all (temp file, fsync, rename): a crash leaves the old file or none. */
  async write(day: string, version: string, figures: SalesFigures): Promise<void> {
    await makePrivateDir(this.dir);
    const body: DayFile = { version, day, figures };
    await writeFileAtomic(this.file(day), JSON.stringify(body));
  }
}
