/**
 * The hardware package's surface: drivers for every printer kind, the
 * ESC/POS encoder and its reader (tests), the paper preview, the virtual
 * printer's kept paper, and the USB devices present. See README.md.
 */
export type { EncodeSettings, PrintMeta, PrintOutcome, PrinterDriver } from './printer.ts';
export { CONNECT_TIMEOUT_MS, createDriver, DEFAULT_TIMEOUT_MS } from './drivers/create-driver.ts';
export { STATUS_ANSWER_MS } from './drivers/network.ts';
export { listUsbPrinters } from './drivers/usb.ts';
export { readVirtualPaper, VIRTUAL_PAPER_KEPT, type VirtualPrintout } from './drivers/virtual.ts';
export { encode } from './escpos/encode.ts';
export { parseEscPos, type ParsedPrintout } from './escpos/parse.ts';
export { previewLines, previewText, type PreviewLine } from './escpos/preview.ts';
export { DRAWER_KICK } from './escpos/commands.ts';
