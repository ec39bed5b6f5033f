import { z } from 'zod';
import type { FiscalDocument } from './fiscal-document.ts';
import { calendarDaySchema } from './calendar-day.ts';
import { idSchema } from './ids.ts';
import { printDocumentSchema } from './print-document.ts';

/**
 * The restaurant's printers and what travels to them (issue 10). A printer
 * is reached by the hub only: a network printer (raw TCP, port 9100), a USB
 * printer-class device (`/dev/usb/lp0`), the virtual printer (keeps each
 * job and shows it on screen as the paper would look: the default until a
 * real one is added), or a screen (a kitchen display tablet showing the
 * station's tickets instead of printing them). The printing feature's
 * commands, events and slice build on these shapes.
 */

export const PAPER_WIDTHS = [58, 80] as const;
/**
 * Single-byte code pages for Spanish text (accents, ñ, ¿, ¡): PC858 (PC850
 * with €, ESC t 19), PC850 (ESC t 2), WPC1252 (ESC t 16), PC437 (ESC t 0:
 * has ñ and some accents, not Á É Í Ó Ú).
 */
export const CODE_PAGES = ['cp858', 'cp850', 'wpc1252', 'cp437'] as const;
export type CodePage = (typeof CODE_PAGES)[number];
/** Chinese text: `gb18030`, in the printer's Chinese mode (FS &); `raster`, drawn as an image (a printer without a Chinese font). */
export const CJK_MODES = ['gb18030', 'raster'] as const;
export type CjkMode = (typeof CJK_MODES)[number];
/** QR codes: the printer's own command (GS ( k) or an image (GS v 0) for printers without one. */
export const QR_MODES = ['native', 'image'] as const;
export type QrMode = (typeof QR_MODES)[number];
/** The language the restaurant chose for this printer's tickets. */
export const TICKET_LANGUAGES = ['es', 'en', 'zh'] as const;
export type TicketLanguage = (typeof TICKET_LANGUAGES)[number];

/** A host name or IPv4 address the owner typed (never a scan of the shop network). */
const printerHost = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, 'a host name or an IPv4 address');

export const printerConnectionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('network'), host: printerHost, port: z.int().min(1).max(65_535) }),
  /** The Linux printer-class device of a USB printer; nothing else under /dev is accepted. */
  z.object({ type: z.literal('usb'), path: z.string().regex(/^\/dev\/usb\/lp\d{1,2}$/, 'a /dev/usb/lpN device') }),
  z.object({ type: z.literal('virtual') }),
  z.object({ type: z.literal('screen') }),
]);
export type PrinterConnection = z.infer<typeof printerConnectionSchema>;

/**
 * One printer and what it prints: receipts, pre-bills, the kitchen stations
 * whose tickets go to it (one send routes to several printers by each dish's
 * station), and whether a cash drawer hangs on its drawer port.
 */
export const printerSchema = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(40),
  connection: printerConnectionSchema,
  paper: z.union([z.literal(58), z.literal(80)]),
  codePage: z.enum(CODE_PAGES),
  cjk: z.enum(CJK_MODES),
  qr: z.enum(QR_MODES),
  language: z.enum(TICKET_LANGUAGES),
  receipts: z.boolean(),
  prebills: z.boolean(),
  stations: z.array(idSchema).max(30),
  drawer: z.boolean(),
});
export type Printer = z.infer<typeof printerSchema>;

/**
 * What a printer's status can say is wrong (ESC/POS real-time status where
 * the printer answers it, else what the connection showed). Also the reasons
 * of failed print jobs. PARTIAL_WRITE: the connection broke in the middle of
 * a document: part of it may be on paper, so it is never repeated blindly.
 */
export const PRINTER_PROBLEMS = ['UNREACHABLE', 'PAPER_OUT', 'COVER_OPEN', 'PRINTER_ERROR', 'DEVICE_MISSING', 'PARTIAL_WRITE', 'NO_PRINTER'] as const;
export type PrinterProblem = (typeof PRINTER_PROBLEMS)[number];

/** ok; retryLater (off, unreachable: jobs wait and print when it is back); needsPerson (paper, cover, error). */
export const PRINTER_STATES = ['ok', 'retryLater', 'needsPerson'] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];
export const printerStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ok') }),
  z.object({ state: z.enum(['retryLater', 'needsPerson']), reason: z.enum(PRINTER_PROBLEMS) }),
]);
export type PrinterStatus = z.infer<typeof printerStatusSchema>;

/** What a printout is for (the print history and the kitchen display tell them apart). */
export const PRINT_PURPOSES = ['kitchen', 'prebill', 'receipt', 'test', 'setupSlip', 'shiftReport', 'deliverySlip', 'coupon'] as const;
export type PrintPurpose = (typeof PRINT_PURPOSES)[number];

/** Which kitchen action a ticket carries (SPEC.md section 4's actions; `new`: dishes just sent). */
export const TICKET_MARKERS = ['new', 'hold', 'fire', 'expedite', 'return', 'cancel', 'withdraw', 'remark'] as const;
export type TicketMarker = (typeof TICKET_MARKERS)[number];

/** A kitchen ticket's content as data (the kitchen display shows it; the paper is its document). */
export const kitchenTicketSchema = z.object({
  station: z.string().max(64),
  stationName: z.string().max(40),
  orderId: idSchema,
  orderNo: z.int().min(0),
  table: z.string().max(40),
  waiter: z.string().max(80),
  people: z.int().min(0).max(999),
  /** When the action was taken (hub time). */
  at: z.iso.datetime({ offset: true }),
  marker: z.enum(TICKET_MARKERS),
  /** Return, cancel and withdraw carry their reason. */
  reason: z.string().max(140),
  /**
   * No printer or screen prints this station: the ticket came out on the
   * kitchen fallback (hub/domain/printing/routing.ts), and says where the
   * dishes belong. Absent on every other ticket.
   */
  fallback: z.literal(true).optional(),
  /**
   * A send too long for one ticket comes out as several (hub/domain/printing/kitchen-jobs.ts, issue 19
   * item 18): this one's place among them, printed "(2/3)". Absent when the send fits one ticket.
   */
  part: z.object({ index: z.int().min(1), of: z.int().min(2) }).optional(),
  /**
   * A take-away or delivery order (issue 21): printed large as "PARA LLEVAR 042" or "DELIVERY 042"
   * in place of the table (hub/domain/printing/documents/takeout-mark.ts). Absent for a table's order.
   */
  takeout: z
    .object({
      method: z.union([z.literal(0), z.literal(1)]),
      pickupCode: z.string().max(8),
      code: z.string().max(16),
      /** When the guest comes for it or it must be delivered (a reservation or a set time): the kitchen plans by it. Absent: as soon as possible. */
      expectedAt: z.iso.datetime({ offset: true }).optional(),
    })
    .optional(),
  lines: z
    // remark: the presets in the target's language and the free text (hub/domain/kitchen/remarks.ts): up to 10 presets and 140 characters.
    .array(z.object({ lineId: idSchema, name: z.string().max(140), qty: z.int().min(0).max(999), remark: z.string().max(400), held: z.boolean() }))
    .max(200),
});
export type KitchenTicket = z.infer<typeof kitchenTicketSchema>;

/**
 * A delivery slip's content as data (issue 21, hub/domain/printing/documents/delivery-slip.ts): what
 * the rider needs at the door. Dish names are in the job's printer's language. A paid takeout's order
 * is already a bill in the archive when the rider is assigned: then `lines` is empty and `bill` names
 * it, and the print runner adds its dishes when it prints (hub/jobs/printing/delivery-slip-lines.ts).
 */
export const deliverySlipSchema = z.object({
  takeoutId: idSchema,
  code: z.string().max(16),
  pickupCode: z.string().max(8),
  /** When the rider was assigned (hub time). */
  at: z.iso.datetime({ offset: true }),
  expectedAt: z.iso.datetime({ offset: true }).nullable(),
  rider: z.string().max(80),
  customer: z.string().max(80),
  address: z.string().max(200),
  reference: z.string().max(200),
  receiverName: z.string().max(80),
  receiverPhone: z.string().max(20),
  contactPhone: z.string().max(20),
  note: z.string().max(500),
  lines: z.array(z.object({ name: z.string().max(140), qty: z.int().min(0).max(999), cents: z.int() })).max(200),
  totalCents: z.int().min(0),
  /** What the rider collects at the door (0: paid). */
  collectCents: z.int().min(0),
  /** The note the guest pays with (0: none): the rider brings its change. */
  changeForCents: z.int().min(0),
  bill: z.object({ id: idSchema, day: calendarDaySchema }).nullable(),
});
export type DeliverySlip = z.infer<typeof deliverySlipSchema>;

/** The `print` job's payload: the document as captured when the job was created, for one printer. */
export const printJobSchema = z.object({
  printerId: idSchema,
  purpose: z.enum(PRINT_PURPOSES),
  document: printDocumentSchema,
  orderId: idSchema.optional(),
  billNo: z.int().min(0).optional(),
  /** A reprint: the job whose paper this repeats (the document carries the REPRINT mark). */
  reprintOf: z.string().max(200).optional(),
  /** Kitchen tickets: the content as data, for a kitchen display. */
  ticket: kitchenTicketSchema.optional(),
  /**
   * A printed boleta, factura or credit note: its document as the rules computed it (as the
   * `einvoice.send` job carries it, and like it kept on the hub: hub/presenters/jobs.ts). The
   * print runner builds its XML and completes the QR code with the digest before printing.
   */
  fiscal: z.custom<FiscalDocument>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)).optional(),
  /**
   * A Z report (purpose `shiftReport`): the shift and the Lima day it closed. The document made
   * with the close holds the shift's running totals; the print runner completes it with the
   * breakdowns of the shift's bills, read from the archive, when it prints (hub/domain/shift/README.md).
   */
  shift: z.object({ id: idSchema, day: calendarDaySchema }).optional(),
  /** A delivery slip (purpose `deliverySlip`): its content, so the runner can add a paid order's dishes. */
  slip: deliverySlipSchema.optional(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

/** The `drawer.kick` job's payload: the receipt printer whose drawer port opens the drawer. */
export const drawerJobSchema = z.object({ printerId: idSchema, reason: z.string().max(140) });
export type DrawerJob = z.infer<typeof drawerJobSchema>;
