import type { Slicer } from './cooperative.ts';
import { MenuFileError } from './menu-file-error.ts';
import { MAX_SHEETS } from './xlsx-limits.ts';
import { XmlScanner } from './xml-scan.ts';

/**
 * The map of a workbook: its relationships (which part is the workbook,
 * which are its sheets, shared strings and styles) and its list of sheets
 * with their visibility and which tab was open when it was saved.
 */

export type Relationship = { type: string; target: string };

/** A sheet as the workbook lists it, in tab order. */
export type SheetEntry = { name: string; hidden: boolean; target: string | undefined };

export type Workbook = { sheets: SheetEntry[]; activeTab: number; rels: Map<string, Relationship> };

/** Resolves a relationship target against the folder of the part that names it. */
export function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

/** The relationships part that belongs to `part` ("" for the package itself). */
export function relsPartOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** A relationships part, by Id; targets resolved to part names. External links are left out. */
export async function readRels(xml: Buffer | undefined, part: string, slicer: Slicer): Promise<Map<string, Relationship>> {
  const out = new Map<string, Relationship>();
  if (!xml) return out;
  const sc = new XmlScanner(xml, relsPartOf(part));
  for (let tok = sc.next(); tok !== 'end'; tok = sc.next()) {
    if (slicer.due()) await slicer.pause();
    if (tok !== 'open' || sc.name !== 'Relationship' || sc.attr('TargetMode') === 'External') continue;
    if (out.size >= MAX_SHEETS * 2) throw new MenuFileError('fileTooBig', 'relationships');
    out.set(sc.attr('Id') ?? '', { type: sc.attr('Type') ?? '', target: resolveTarget(part, sc.attr('Target') ?? '') });
  }
  return out;
}

/** The sheets of workbook.xml in tab order, and the tab that was active. */
export async function readWorkbook(xml: Buffer, rels: Map<string, Relationship>, slicer: Slicer): Promise<Workbook> {
  const sc = new XmlScanner(xml, 'workbook');
  const sheets: SheetEntry[] = [];
  let activeTab = 0;
  let views = 0;
  for (let tok = sc.next(); tok !== 'end'; tok = sc.next()) {
    if (slicer.due()) await slicer.pause();
    if (tok !== 'open') continue;
    if (sc.name === 'sheet') {
      if (sheets.length >= MAX_SHEETS) throw new MenuFileError('fileTooBig', 'sheets');
      const state = sc.attr('state');
      const id = sc.attr('id');
      const rel = id === undefined ? undefined : rels.get(id);
      // Only worksheets hold cells; a chart sheet or a dialog sheet is never the menu.
      const target = rel?.type.endsWith('/worksheet') ? rel.target : undefined;
      sheets.push({ name: sc.attr('name') ?? '', hidden: state === 'hidden' || state === 'veryHidden', target });
    } else if (sc.name === 'workbookView' && views++ === 0) {
      // The first window's active tab is the sheet the owner was looking at when they saved.
      activeTab = Number(sc.attr('activeTab') ?? 0) || 0;
    }
  }
  return { sheets, activeTab, rels };
}
