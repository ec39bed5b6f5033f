import type { FiscalDocType, FiscalDocument, OrderReport, ShiftReport, ShiftReportResponse, TallyDayResponse } from '#protocol';
import type { BillRow } from '#hub/domain/bills/list.ts';
import { storedDocument } from '#hub/einvoice/outbox/stored-document.ts';
import type { BillListReply } from '#hub/http/routes/bills/schema.ts';
import { getJson, type TestHub } from '../test-hub.ts';

/**
 * What the screens show at the end of the whole day, read through the same
 * HTTP routes the pages read: the bills list (every page), the open shift's
 * report, the daily bookkeeping, the order report; and each numbered bill's
 * boleta or factura as the document store filed it.
 */
export type DayViews = {
  bills: BillRow[];
  shift: ShiftReport;
  tally: TallyDayResponse['summary'];
  report: OrderReport['figures'];
  /** Each numbered bill's documents as filed, by bill id (a split's parts: one each). */
  documents: Map<string, FiscalDocument[]>;
};

async function read<T>(t: TestHub, path: string): Promise<T> {
  const r = await getJson<T>(t.url, path);
  if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function billsOfDay(t: TestHub, day: string): Promise<BillRow[]> {
  const rows: BillRow[] = [];
  let cursor: string | null = null;
  do {
    const page: BillListReply = await read<BillListReply>(t, `/api/bills?from=${day}&to=${day}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    rows.push(...page.rows);
    cursor = page.next;
  } while (cursor);
  return rows;
}

const TYPE_OF: Record<string, FiscalDocType> = { boleta: '03', factura: '01' };

/** A numbered row's documents as filed ('B001-17' on a boleta row; 'B001-3, B001-4' for a split's parts); those not on file left out. */
export async function filedOf(t: TestHub, row: BillRow): Promise<FiscalDocument[]> {
  const type = TYPE_OF[row.document];
  if (!type) return [];
  const out: FiscalDocument[] = [];
  for (const no of row.documentNo.split(', ')) {
    const [series, number] = no.split('-');
    const doc = series && number ? await storedDocument(t.hub.outbox.store, { type, series, number: Number(number) }, row.paidAt) : null;
    if (doc) out.push(doc);
  }
  return out;
}

export async function readViews(t: TestHub, day: string): Promise<DayViews> {
  const bills = await billsOfDay(t, day);
  const documents = new Map<string, FiscalDocument[]>();
  for (const row of bills) {
    if (row.documentNo === '') continue;
    const docs = await filedOf(t, row);
    if (docs.length > 0) documents.set(row.id, docs);
  }
  return {
    bills,
    shift: (await read<ShiftReportResponse>(t, '/api/shifts/current/report')).report,
    tally: (await read<TallyDayResponse>(t, `/api/tally?day=${day}`)).summary,
    report: (await read<OrderReport>(t, `/api/reports/orders?from=${day}&to=${day}`)).figures,
    documents,
  };
}
