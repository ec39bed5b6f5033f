import { MenuFileError } from './menu-file-error.ts';
import { MAX_CELL_CHARS, MAX_CELLS_PER_ROW, MAX_COLUMNS, MAX_CSV_LINES } from './xlsx-limits.ts';

/**
 * CSV as spreadsheets write it (RFC 4180), read as a stream: text is fed in
 * pieces (a quote, a CRLF or a doubled quote may be cut between two), every
 * finished row goes to `onRow`, and nothing is held but the row being read.
 * Quoted fields may hold the separator, quotes ("") and line breaks.
 *
 * The bounds are the XLSX reader's (xlsx-limits.ts), so a CSV cannot do what
 * a workbook may not: more than MAX_CELLS_PER_ROW cells in a row or a value
 * past column MAX_COLUMNS is 'fileTooBig' (empty cells further right are
 * counted, not kept); a cell longer than MAX_CELL_CHARS is 'fileTooBig', or
 * 'fileDamaged' when it is quoted (a quote never closed swallows the rest of
 * the file); a quote still open at the end of the file is 'fileDamaged'.
 */

/** Receives each row: the line it starts on (1-based) and its cells. */
export type CsvRowSink = (line: number, cells: string[]) => void;

export class CsvParser {
  private readonly sep: string;
  private readonly onRow: CsvRowSink;
  private cells: string[] = [];
  private count = 0;
  private cell = '';
  private quoted = false;
  /** In a quoted cell, a `"` was read: a doubled quote or the end of the quotes, the next character tells. */
  private quotePending = false;
  /** A row ended with `\r`: a `\n` right after it belongs to the same line end. */
  private crPending = false;
  private line = 1;
  private rowLine = 1;

  /** @param sep the separator, one character. */
  constructor(sep: string, onRow: CsvRowSink) {
    this.sep = sep;
    this.onRow = onRow;
  }

  /** Reads one more piece of the text. */
  feed(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (this.crPending) {
        this.crPending = false;
        if (ch === '\n') continue;
      }
      if (this.quotePending) {
        this.quotePending = false;
        if (ch === '"') {
          this.add('"');
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (ch === '"') this.quotePending = true;
        else if (ch === '\n') {
          this.line++;
          this.add(ch);
        } else i = this.run(text, i) - 1;
      } else if (ch === '"' && this.cell === '') this.quoted = true;
      else if (ch === this.sep) this.endCell();
      else if (ch === '\n' || ch === '\r') {
        this.crPending = ch === '\r';
        this.endCell();
        this.endRow();
      } else i = this.run(text, i) - 1;
    }
  }

  /**
   * Takes the run of ordinary characters from `i` into the cell in one
   * piece (one string operation per run, not per character); where it ends.
   */
  private run(text: string, i: number): number {
    let j = i + 1;
    if (this.quoted) {
      while (j < text.length && text[j] !== '"' && text[j] !== '\n') j++;
    } else {
      while (j < text.length) {
        const c = text[j];
        if (c === this.sep || c === '\n' || c === '\r' || c === '"') break;
        j++;
      }
    }
    // A run may be most of a 64 KB piece: check its length before building the cell.
    if (this.cell.length + (j - i) > MAX_CELL_CHARS) this.tooLong();
    this.add(text.slice(i, j));
    return j;
  }

  /** The end of the text: the last row (when it has no line end) goes out; a quote still open is damage. */
  finish(): void {
    if (this.quoted && !this.quotePending) throw new MenuFileError('fileDamaged', `a quote opened on line ${this.rowLine} never closes`);
    this.quoted = false;
    this.quotePending = false;
    if (this.cell !== '' || this.count > 0) {
      this.endCell();
      this.endRow();
    }
  }

  private add(piece: string): void {
    this.cell += piece;
    if (this.cell.length > MAX_CELL_CHARS) this.tooLong();
  }

  private tooLong(): never {
    if (this.quoted) throw new MenuFileError('fileDamaged', `a quoted cell from line ${this.rowLine} runs past ${MAX_CELL_CHARS} characters (a quote never closed)`);
    throw new MenuFileError('fileTooBig', `a cell on line ${this.rowLine} past ${MAX_CELL_CHARS} characters`);
  }

  private endCell(): void {
    const index = this.count++;
    if (this.count > MAX_CELLS_PER_ROW) throw new MenuFileError('fileTooBig', `more than ${MAX_CELLS_PER_ROW} cells on line ${this.rowLine}`);
    if (index < MAX_COLUMNS) this.cells.push(this.cell);
    else if (this.cell.trim() !== '') throw new MenuFileError('fileTooBig', `a value past column ${MAX_COLUMNS} on line ${this.rowLine}`);
    this.cell = '';
  }

  private endRow(): void {
    if (this.line >= MAX_CSV_LINES) throw new MenuFileError('fileTooBig', `more than ${MAX_CSV_LINES} lines`);
    this.onRow(this.rowLine, this.cells);
    this.cells = [];
    this.count = 0;
    this.rowLine = ++this.line;
  }
}
