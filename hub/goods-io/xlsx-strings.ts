import type { Slicer } from './cooperative.ts';
import { MAX_CELL_CHARS, MAX_SHARED_CHARS, MAX_SHARED_STRINGS } from './xlsx-limits.ts';
import { MenuFileError } from './menu-file-error.ts';
import { XmlScanner } from './xml-scan.ts';

/**
 * The text of a string item (`<si>` in sharedStrings.xml, `<is>` in a cell):
 * every `<t>` of it, plain or in rich-text runs, with the phonetic guides
 * (`<rPh>`, furigana) left out, as Excel shows the cell.
 */
export class StringItem {
  private inT = false;
  private phonetic = 0;
  text = '';

  /** Feeds one token of the scanner; `text` grows by what the item shows. */
  take(sc: XmlScanner, tok: 'open' | 'close' | 'text'): void {
    if (tok === 'open') {
      if (sc.name === 'rPh' && !sc.selfClosing) this.phonetic++;
      else if (sc.name === 't' && !sc.selfClosing && this.phonetic === 0) this.inT = true;
    } else if (tok === 'close') {
      if (sc.name === 'rPh' && this.phonetic > 0) this.phonetic--;
      else if (sc.name === 't') this.inT = false;
    } else if (this.inT) {
      this.text += sc.text(MAX_CELL_CHARS);
      if (this.text.length > MAX_CELL_CHARS) throw new MenuFileError('fileTooBig', 'a string longer than a cell can hold');
    }
  }
}

/** The shared strings of a workbook, in order (a cell of type "s" holds an index into them). */
export async function readSharedStrings(xml: Buffer, slicer: Slicer): Promise<string[]> {
  const sc = new XmlScanner(xml, 'sharedStrings');
  const out: string[] = [];
  let item: StringItem | null = null;
  let chars = 0;
  for (let tok = sc.next(); tok !== 'end'; tok = sc.next()) {
    if (slicer.due()) await slicer.pause();
    if (tok === 'open' && sc.name === 'si') {
      if (item) throw new MenuFileError('fileDamaged', 'string item inside a string item');
      if (out.length >= MAX_SHARED_STRINGS) throw new MenuFileError('fileTooBig', 'shared strings');
      if (sc.selfClosing) out.push('');
      else item = new StringItem();
    } else if (tok === 'close' && sc.name === 'si') {
      if (!item) throw new MenuFileError('fileDamaged', 'end of a string item never begun');
      chars += item.text.length;
      if (chars > MAX_SHARED_CHARS) throw new MenuFileError('fileTooBig', 'shared strings');
      out.push(item.text);
      item = null;
    } else if (item) item.take(sc, tok);
  }
  if (item) throw new MenuFileError('fileDamaged', 'unclosed string item');
  return out;
}
