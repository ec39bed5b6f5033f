import type { PrintDocument, Printer, PrinterProblem, PrinterStatus } from '#protocol';

/**
 * One interface for every printer the hub drives (network, USB, virtual):
 * the hub's job runners talk to this and nothing else. Nothing here throws
 * where an answer can be given (CONVENTIONS #8): a printer that is off is an
 * outcome, not an exception.
 */

/**
 * What became of one printout or drawer kick. `written`: how many bytes
 * reached the printer before a failure: above 0, part of the paper may be
 * out, so the job is marked PARTIAL_WRITE and never repeated blindly.
 */
export type PrintOutcome = { ok: true } | { ok: false; canRetry: boolean; reason: PrinterProblem; written: number };

/** The settings of a printer that shape its bytes (paper, code page, Chinese mode, QR mode). */
export type EncodeSettings = Pick<Printer, 'paper' | 'codePage' | 'cjk' | 'qr'>;

/**
 * What a printout is, beyond its document. `jobId`: kept by the virtual printer beside the paper.
 * `beforeWrite`: called once the printer is reached (its connection open, its device file open) and
 * before the first byte goes out; the hub records there, on disk, that the job may now be on paper
 * (hub/jobs/README.md "the writing mark"). It answers false when that could not be recorded: then
 * the driver writes nothing and answers UNREACHABLE with `written: 0`. A driver calls it at most once.
 */
export type PrintMeta = { jobId?: string; beforeWrite?: () => Promise<boolean> };

export type PrinterDriver = {
  /**
   * Prints one document (encoded for this printer's settings) and cuts after it when the document says so.
   * `meta.jobId`: the print job's id, kept by the virtual printer beside the paper.
   */
  print(document: PrintDocument, meta?: PrintMeta): Promise<PrintOutcome>;
  /** Pulses the drawer port: the full 5-byte ESC p m t1 t2 (`meta.beforeWrite` as for `print`). */
  openDrawer(meta?: PrintMeta): Promise<PrintOutcome>;
  /** ok, retry later (off, unreachable), or needs a person (paper, cover, error), with the reason. */
  status(): Promise<PrinterStatus>;
  /**
   * Whether the printer answers at all, asking nothing and writing nothing (asked while it prints a
   * ticket, when a status question could disturb it): a network printer whose connection opens or
   * is refused (it is powered: busy printers refuse a second connection) answers; one whose SYN
   * goes unanswered, or whose host is unreachable, does not. Absent: always answers (virtual).
   */
  answers?(): Promise<boolean>;
  /**
   * Whether a printout (or the drawer's pulse) asked for now would send its first byte at once: the
   * printer's connection is open and nothing needs asking first (a network printer whose kept
   * connection just confirmed a printout). No I/O. The hub then records the job's start and its
   * writing mark together (hub/jobs/README.md "Fewer writes per ticket"); a connection lost
   * meanwhile only makes the driver connect after the mark (a crash then leaves the job for a
   * person, never printed twice). Absent: never (the start, then the mark from `beforeWrite`).
   */
  writesAtOnce?(what: 'print' | 'drawer'): boolean;
  /** Lets go of sockets and files (the printer's settings changed, or the hub stops). */
  close(): Promise<void>;
};
