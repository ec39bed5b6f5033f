/**
 * CSV as spreadsheets write it (RFC 4180): quoted fields may hold the
 * separator, quotes ("") and line breaks. Reading guesses the separator from
 * the header line, since Excel in many Spanish locales saves with ";", and
 * the text encoding, since Excel on Windows saves "CSV" in Windows-1252.
 */

/** The text of a CSV file: UTF-8 (BOM or not), else Windows-1252 (what Excel on Windows writes). */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator the header line uses most, outside quotes: ",", ";" or tab. */
export function guessSeparator(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  const [best, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : ',';
}

/** Parses CSV text into rows of cells, each row with its line number in the file (1-based). */
export function parseCsv(text: string, sep = guessSeparator(text)): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      rowLine = ++line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows;
}

function quote(cell: string): string {
  // A leading = + - @ would make a spreadsheet run the cell as a formula; codes and names never need one.
  const safe = /^[=+\-@]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
  return /[",;\r\n\t]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV bytes with a UTF-8 BOM (so Excel shows ñ, tildes and Chinese) and CRLF line ends. */
export function writeCsv(rows: readonly (readonly string[])[]): Buffer {
  const text = rows.map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}
