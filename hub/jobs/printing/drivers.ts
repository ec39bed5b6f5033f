import type { Printer } from '#protocol';
import type { PrinterDriver } from '../../../hardware/printer.ts';

/** Makes the driver of one printer (hardware's `createDriver` in the hub; a test driver in tests). */
export type DriverFactory = (printer: Printer) => PrinterDriver;

/**
 * One driver per printer, kept between jobs and status checks, and replaced
 * (the old one closed) when the printer's settings change: a new address,
 * code page or paper width takes effect on the next job.
 */
export class DriverCache {
  private readonly held = new Map<string, { printer: Printer; settings: string; driver: PrinterDriver }>();
  private readonly create: DriverFactory;

  constructor(create: DriverFactory) {
    this.create = create;
  }

  /** The printer's driver, made anew when its settings differ from the cached one's. */
  get(printer: Printer): PrinterDriver {
    const cached = this.held.get(printer.id);
    // The state's printer objects are replaced, never changed, when saved: the same object is the same settings
    // (asked twice per ticket; the settings' text is made only when the object is new).
    if (cached?.printer === printer) return cached.driver;
    const settings = JSON.stringify(printer);
    if (cached?.settings === settings) {
      cached.printer = printer;
      return cached.driver;
    }
    if (cached) void cached.driver.close().catch(() => undefined);
    const driver = this.create(printer);
    this.held.set(printer.id, { printer, settings, driver });
    return driver;
  }

  /** Closes the drivers of printers no longer in `ids` (removed printers). */
  async retain(ids: ReadonlySet<string>): Promise<void> {
    for (const [id, { driver }] of [...this.held]) {
      if (ids.has(id)) continue;
      this.held.delete(id);
      await driver.close().catch(() => undefined);
    }
  }

  /** Closes every driver (the hub stops). */
  async closeAll(): Promise<void> {
    await this.retain(new Set());
  }
}
