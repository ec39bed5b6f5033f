/**
 * How much of a workbook the hub will read. A menu is a few thousand rows of
 * about 16 columns: a real file stays far below each limit, and a file past
 * one is refused as a whole ('fileTooBig'), never read in part. Together they
 * keep the hub's memory growth under 100 MB for any upload (the body itself is
 * at most 10 MB, see hub/http/routes/goods).
 */

/** Most any one part (sheet, shared strings, styles) may unpack to; a 5,000-dish sheet is about 5 MB. */
export const MAX_PART_BYTES = 24 * 1024 * 1024;
/** Most all the parts read from one file may unpack to together. */
export const MAX_UNPACKED_BYTES = 48 * 1024 * 1024;
/**
 * Columns a cell with a value may be in: A..BL. The menu has 16 columns and
 * an owner's notes may sit beside them; a value far to the right is junk or
 * an attack (one cell at column ZZZZZZ once padded a row to 2.6 GB), so the
 * file is refused rather than read in part. Empty (only formatted) cells
 * further right are skipped.
 */
export const MAX_COLUMNS = 64;
/** Most `<c>` elements one row may hold, empty or not (Excel's own sheet is 16,384 columns wide). */
export const MAX_CELLS_PER_ROW = 16_384;
/** Longest text one cell may hold: Excel's own limit. */
export const MAX_CELL_CHARS = 32_767;
/** Most shared strings (a 5,000-row menu has at most about 80,000 distinct texts). */
export const MAX_SHARED_STRINGS = 500_000;
/** Most characters all shared strings may hold together. */
export const MAX_SHARED_CHARS = 8_000_000;
/** Most characters the cells kept from one sheet may hold together (shared strings not counted again). */
export const MAX_SHEET_CHARS = 8_000_000;
/** Most sheets a workbook may list (Excel has no limit; a menu file has a handful). */
export const MAX_SHEETS = 1024;
/**
 * Most lines a CSV may have, empty ones included: a menu of 5,000 dishes with
 * blank lines between them is far below; millions of empty lines are not a
 * menu, and reading them to the end would only cost the tills time.
 */
export const MAX_CSV_LINES = 100_000;
/** Highest row number a sheet has (Excel's own limit). */
export const MAX_ROW_NUMBER = 1_048_576;
