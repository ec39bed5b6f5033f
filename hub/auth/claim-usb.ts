import { rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** The file an unclaimed hub writes onto a USB stick plugged into it. */
export const STICK_CLAIM_FILE = 'pos-claim-code.txt';

export type ClaimUsbOptions = {
  /** The mounted sticks (hub/exports/usb-watch.ts mountedVolumes). */
  volumes: () => Promise<string[]>;
  /** What to write: claim-file.ts claimText; null once the hub is claimed (then nothing more is written). */
  text: () => string | null;
  log: (message: string) => void;
  everyMs?: number;
};

/**
 * A box with neither screen nor printer: plug any USB stick into it while it
 * is unclaimed, and the hub writes `pos-claim-code.txt` (the claim code and
 * the setup links) onto it; read it on any computer. Plugging a stick in needs
 * the box in hand, like the slip and `claim.txt` (hub/auth/README.md "Claim
 * code"). Once per stick while it stays plugged in; a stick plugged in again
 * gets it again. The file is made new (never written through a link a
 * stick may hold under that name).
 */
export class ClaimUsb {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private readonly written = new Set<string>();
  private readonly opts: ClaimUsbOptions;

  constructor(opts: ClaimUsbOptions) {
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

  /** One look (the timer's; tests await it). */
  scan(): Promise<void> {
    this.round ??= this.look().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  private async look(): Promise<void> {
    const text = this.opts.text();
    if (text === null) return;
    const present = await this.opts.volumes();
    for (const gone of [...this.written].filter((s) => !present.includes(s))) this.written.delete(gone);
    for (const stick of present) {
      if (this.written.has(stick)) continue;
      this.written.add(stick);
      const file = join(stick, STICK_CLAIM_FILE);
      try {
        // Whatever the stick holds under that name (a file, a link planted there) goes first; 'wx' then makes it new.
        await rm(file, { force: true });
        await writeFile(file, text, { flag: 'wx', mode: 0o600 });
        this.opts.log(`setup: claim code written to the USB stick ${basename(stick)} (${STICK_CLAIM_FILE})`);
      } catch (err) {
        this.opts.log(`setup: could not write the claim code to the USB stick ${basename(stick)}: ${(err as Error).message}`);
      }
    }
  }
}
