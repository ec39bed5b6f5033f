import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HOSTILE_CSV_FILES } from './hostile-csv.ts';
import { readCsvMenu } from './csv.ts';
import { CsvParser } from './csv-parse.ts';
import { readMenuFile } from './menu-file.ts';
import { MenuFileError } from './menu-file-error.ts';
import { MAX_CELL_CHARS, MAX_CELLS_PER_ROW, MAX_COLUMNS, MAX_CSV_LINES } from './xlsx-limits.ts';

/**
 * Issue 7, item 8, the CSV side: text files as big as an upload may be (10
 * MB), made to stop the hub. Each is read by the real reader; the outcome is
 * the refusal the owner would see, memory grows by far less than 100 MB, and
 * the reader gives way to the event loop while it works (counted, not
 * timed: the figures with times are in the `menu-hostile` benchmark).
 */

const MB = 1024 * 1024;

/**
 * A full garbage collection before measuring, so the growth is what this
 * upload costs and not what earlier tests left for the collector (the test
 * process has no --expose-gc flag; this switches it on at run time).
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Reads `bytes` as a menu file, sampling memory and counting how often other work got the thread meanwhile. */
async function readMeasured(bytes: Buffer): Promise<{ outcome: string; rows: number; growthMb: number; turns: number }> {
  collectGarbage();
  const before = process.memoryUsage().rss;
  let peak = before;
  let turns = 0;
  let reading = true;
  // Each turn is a moment the event loop was free: a till's request would have been answered then.
  const tick = () => {
    turns++;
    peak = Math.max(peak, process.memoryUsage().rss);
    if (reading) setImmediate(tick);
  };
  setImmediate(tick);
  const growth = () => (Math.max(peak, process.memoryUsage().rss) - before) / MB;
  try {
    const table = await readMenuFile(bytes);
    return { outcome: 'read', rows: table.rows.length, growthMb: growth(), turns };
  } catch (err) {
    if (!(err instanceof MenuFileError)) throw err;
    return { outcome: err.issue, rows: 0, growthMb: growth(), turns };
  } finally {
    reading = false;
  }
}

describe('hostile CSV files are refused, never read into the ground', () => {
  it.each(HOSTILE_CSV_FILES.map((f) => [f.name, f] as const))('%s', async (_name, file) => {
    const bytes = await file.make();
    expect(bytes.length).toBeLessThanOrEqual(10 * MB); // what the route accepts
    const r = await readMeasured(bytes);
    expect(r.outcome).toBe(file.expect);
    expect(r.growthMb).toBeLessThan(100);
  });

  it('reading 10 MB to the end gives way to the event loop many times (mixed encodings, read whole)', async () => {
    const file = HOSTILE_CSV_FILES.find((f) => f.name === 'CSV: 10 MB of mixed encodings')!;
    const r = await readMeasured(await file.make());
    expect(r.outcome).toBe('read');
    // Read in one go, the loop would get no turn at all; in 5 ms slices it gets dozens.
    expect(r.turns).toBeGreaterThan(5);
  });

  it('a file of mixed encodings reads its UTF-8 rows and marks the others unsure rather than guessing', async () => {
    const file = HOSTILE_CSV_FILES.find((f) => f.name === 'CSV: 10 MB of mixed encodings')!;
    const table = await readMenuFile(await file.make());
    expect(table.header).toEqual(['Código', 'Precio', 'Nombre (es)', 'Categoría', 'Notas']);
    expect(table.rows.slice(0, 4).map((r) => r.cells[2])).toEqual(['Ají de gallina 经典', 'Aj\uFFFD de gallina, pi\uFFFDa', 'Aj\uFFFD de gallina, pi\uFFFDa', 'Aj\uFFFD de g\uFFFDllina']);
  });

  it('applies the workbook limits: columns, cells per row, cell length, rows', async () => {
    const refused = async (text: string) => readCsvMenu(Buffer.from(text)).then(() => 'read', (e: MenuFileError) => `${e.issue}: ${e.detail}`);
    const header = 'code,price\n';
    expect(await refused(`${header}1,2${','.repeat(MAX_COLUMNS - 2)}x\n`)).toBe('read'); // the last column there is
    expect(await refused(`${header}1,2${','.repeat(MAX_COLUMNS - 1)}x\n`)).toBe(`fileTooBig: a value past column ${MAX_COLUMNS} on line 2`);
    expect(await refused(`${header}1,2${','.repeat(MAX_COLUMNS + 10)}\n`)).toBe('read'); // empty cells far right: padding, skipped
    expect(await refused(`${header}1,2${','.repeat(MAX_CELLS_PER_ROW)}\n`)).toBe(`fileTooBig: more than ${MAX_CELLS_PER_ROW} cells on line 2`);
    expect(await refused(`${header}1,${'9'.repeat(MAX_CELL_CHARS)}\n`)).toBe('read');
    expect(await refused(`${header}1,${'9'.repeat(MAX_CELL_CHARS + 1)}\n`)).toBe(`fileTooBig: a cell on line 2 past ${MAX_CELL_CHARS} characters`);
    expect(await refused(`${header}${'A,1\n'.repeat(5000)}`)).toBe('read');
    expect(await refused(`${header}${'A,1\n'.repeat(5001)}`)).toBe('tooManyRows: more than 5000 rows, at line 5002');
    expect(await refused(`${header}${'A,1\n\n\n'.repeat(5000)}`)).toBe('read'); // empty lines are not rows
    expect(await refused(`${header}${'\n'.repeat(MAX_CSV_LINES)}`)).toBe(`fileTooBig: more than ${MAX_CSV_LINES} lines`);
  });

  it('splits the same way whatever the pieces the text arrives in: quotes, doubled quotes and CRLF cut between pieces', () => {
    const text = 'code,name\r\n1,"a""b"\r\n2,"c\r\nd",""\r\n3,e\r4,"f"\n';
    const whole = parsed([text]);
    expect(whole).toEqual([
      [1, ['code', 'name']],
      [2, ['1', 'a"b']],
      [3, ['2', 'c\r\nd', '']],
      [5, ['3', 'e']],
      [6, ['4', 'f']],
    ]);
    for (let k = 1; k < text.length; k++) expect(parsed([text.slice(0, k), text.slice(k)]), `cut at ${k}`).toEqual(whole);
    expect(parsed([...text])).toEqual(whole);
  });
});

/** The rows of CSV text fed to the parser in the given pieces. */
function parsed(pieces: readonly string[]): [number, string[]][] {
  const rows: [number, string[]][] = [];
  const parser = new CsvParser(',', (line, cells) => rows.push([line, cells]));
  for (const p of pieces) parser.feed(p);
  parser.finish();
  return rows;
}
