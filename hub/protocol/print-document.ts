import { z } from 'zod';

/**
 * What a printout says, independent of any printer: blocks of text, label and
 * amount rows, rules, QR codes, blank lines. The rules build documents (pure,
 * hub/domain/printing); hardware/ turns one into a printer's bytes for its
 * paper width, code page and Chinese mode, and the virtual printer and the
 * kitchen display show the same document on screen. A document is captured
 * in its print job when the job is created, so a later rename or price
 * change never alters a ticket already asked for, and a reprint is the same
 * paper marked REPRINT.
 */

export const ALIGNS = ['left', 'center', 'right'] as const;
/** normal; tall (double height); wide (double width); large (both: kitchen table numbers, remarks). */
export const TEXT_SIZES = ['normal', 'tall', 'wide', 'large'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

const style = { align: z.enum(ALIGNS).optional(), size: z.enum(TEXT_SIZES).optional(), bold: z.boolean().optional() };

export const printBlockSchema = z.discriminatedUnion('kind', [
  /** A paragraph, wrapped to the paper's width; `invert`: white on black (markers such as HOLD). */
  z.object({ kind: z.literal('text'), text: z.string().max(2000), ...style, invert: z.boolean().optional() }),
  /** A label on the left and an amount on the right of the same line (the label wraps if long). */
  z.object({ kind: z.literal('columns'), left: z.string().max(500), right: z.string().max(100), size: style.size, bold: style.bold }),
  /** A full-width line of one character. */
  z.object({ kind: z.literal('rule'), char: z.enum(['-', '=', '*']).optional() }),
  /** A QR code: the printer's own QR command, or an image where the printer has none. `size`: module width in dots. */
  z.object({ kind: z.literal('qr'), data: z.string().min(1).max(700), size: z.int().min(1).max(16).optional(), align: style.align }),
  /** Blank lines. */
  z.object({ kind: z.literal('feed'), lines: z.int().min(1).max(10) }),
]);
export type PrintBlock = z.infer<typeof printBlockSchema>;

/** A whole printout; `cut`: cut the paper after it (every document does, unless it is part of a longer one). */
export const printDocumentSchema = z.object({ blocks: z.array(printBlockSchema).max(2000), cut: z.boolean() });
export type PrintDocument = z.infer<typeof printDocumentSchema>;
