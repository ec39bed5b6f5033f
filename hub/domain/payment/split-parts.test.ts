import { describe, expect, it } from 'vitest';
import type { Bill, CommandPayload, DomainEvent, EventOf, PaymentInput, SaleDocument, State } from '#protocol';
import { parseCommand } from '#protocol';
import { registerEntries } from '#hub/exports/ple/sources.ts';
import { billRow as salesRow, documentsOf } from '#hub/exports/sales-rows.ts';
import { applyAll } from '../apply.ts';
import { billRow, matchesFilters } from '../bills/list.ts';
import { correct, refund, VOID } from '../bills/test-bills.ts';
import { SAMPLE_FISCAL } from '../einvoice/samples.ts';
import { fiscalDocumentOf } from '../einvoice/tax.ts';
import { testBill, testSettings } from '../einvoice/test-bills.ts';
import { addLines, ctxAt, decideOn, deepFreeze, exec, LATER, menuState, openTable, P, product, T, uid } from '../test-fixtures.ts';
import { allocate, documentBills, partBill, partTotals } from './split-parts.ts';
import { splitEvenly } from './split.ts';

/**
 * A split bill whose parts each take their own document (issue 18 item 12):
 * three diners, three facturas, each with its amount to the céntimo, its
 * number and its e-invoice job, in the settlement's one record; every part's
 * document adds up; the archived bill stays one bill with every dish.
 */

const ORDER = uid(1);
const AT = ctxAt(LATER, 'cajera-1');
const NOTE: SaleDocument = { kind: 'note', docId: '', name: '' };
const BOLETA: SaleDocument = { kind: 'boleta', docId: '', name: '' };
const F = (docId: string, name: string): SaleDocument => ({ kind: 'factura', docId, name });
const THREE_FACTURAS = [F('20100070970', 'Supermercados Peruanos S.A.'), F('20131312955', 'SUNAT'), F('20100047218', 'Banco de Crédito del Perú')];

/** The table of 3: two ceviches, a lomo, a chicha (S/ 108.00) and a S/ 1.00 tip: S/ 109.00; e-invoicing set up. */
function tableOf3(): State {
  let s = exec(menuState(), 'fiscal.saveSettings', SAMPLE_FISCAL).state;
  s = openTable(s, T.s1, ORDER, 3);
  s = addLines(s, ORDER, [
    { lineId: uid(11), productId: P.ceviche.id, qty: 2 },
    { lineId: uid(12), productId: P.lomo.id, qty: 1 },
    { lineId: uid(13), productId: P.chicha.id, qty: 1 },
  ]);
  s = exec(s, 'order.send', { orderId: ORDER }).state;
  return exec(s, 'order.setTip', { orderId: ORDER, tipCents: 100 }).state;
}

function settle(s: State, payload: Partial<CommandPayload<'order.settle'>>) {
  return decideOn(s, 'order.settle', { orderId: ORDER, payments: [], document: NOTE, print: false, ...payload }, AT);
}

/** Each share paid exactly in cash. */
const cashFor = (shares: readonly number[]): PaymentInput[] => shares.map((amountCents, share) => ({ method: 'cash', amountCents, share }));
const ofType = <K extends DomainEvent['type']>(events: readonly DomainEvent[], type: K) => events.filter((e): e is EventOf<K> => e.type === type);
const cents = (dec: string) => Math.round(Number(dec) * 100);

describe('allocate: proportional parts exact to the céntimo', () => {
  const cases = [
    { total: 100, weights: [3634, 3633, 3633], out: [34, 33, 33] },
    { total: 0, weights: [5, 5], out: [0, 0] },
    { total: 5, weights: [0, 0, 0], out: [2, 2, 1] },
    { total: 1, weights: [1, 1], out: [1, 0] },
    { total: 1000, weights: [1, 0, 1], out: [500, 0, 500] },
    { total: 7, weights: [1, 2, 4], out: [1, 2, 4] },
  ];
  it.each(cases)('$total by $weights', ({ total, weights, out }) => {
    expect(allocate(total, weights)).toEqual(out);
    expect(allocate(total, weights).reduce((n, c) => n + c, 0)).toBe(total);
  });
  it('the deposit goes back to the parts so their documents add up to the total', () => expect(partTotals([4000, 3000], 3000)).toEqual([5714, 4286]));
});

describe("each part's document adds up to the part, and the parts to the bill", () => {
  const settings = testSettings({ bagProductIds: ['p-bolsa'] });
  const dinner = (spec: Parameters<typeof testBill>[1]) =>
    testBill(
      [
        { price: 3200, qty: 2, gifted: 1, name: 'Ceviche' },
        { price: 600, qty: 3, name: 'Chicha morada' },
        { price: 3800, qty: 1, discount: 800, name: 'Lomo saltado' },
        { price: 100, qty: 2, productId: 'p-bolsa', name: 'Bolsa' },
      ],
      { fiscal: null, ...spec },
    );
  const bills = [
    { name: 'plain', bill: dinner({}) },
    { name: 'tip', bill: dinner({ tip: 1500 }) },
    { name: '10 % off and a tip', bill: dinner({ orderDiscount: { kind: 'percent', percent: 10 }, tip: 777 }) },
    { name: 'a deposit', bill: dinner({ deposit: 3000 }) },
    { name: 'lunch boxes and a minimum', bill: dinner({ lunchBox: { mode: 'perOrder', priceCents: 150 }, minimum: 20000 }) },
  ];
  const cases = bills.flatMap(({ name, bill }) => [2, 3, 7].map((n) => ({ name: `${name} by ${n}`, bill, n })));
  it.each(cases)('$name', ({ bill, n }) => {
    const shares = splitEvenly(bill.dueCents, n);
    const split: Bill = {
      ...bill,
      shares: shares.map((amountCents, i) => ({ amountCents, paidCents: amountCents, changeCents: 0, document: BOLETA, fiscal: { type: '03', series: 'B001', number: i + 1 } })),
      payments: shares.map((amountCents, share) => ({ method: 'cash', accountCode: 1, amountCents, operationNo: '', usdCents: 0, rateMilli: 0, person: '', contact: '', share })),
    };
    const parts = documentBills(split, settings.bagProductIds);
    expect(parts).toHaveLength(n);
    const docs = parts.map((p) => {
      const made = fiscalDocumentOf(p, settings);
      if (!made.ok) throw new Error(made.code);
      return made.document;
    });
    // Each part: its document is what its guest owes plus its part of the deposit; the parts add up to the whole bill.
    docs.forEach((d, i) => expect(cents(d.totals.payable)).toBe(parts[i]!.totalCents));
    expect(parts.reduce((sum, p) => sum + p.totalCents, 0)).toBe(bill.totalCents);
    expect(parts.reduce((sum, p) => sum + p.dueCents, 0)).toBe(bill.dueCents);
    expect(parts.reduce((sum, p) => sum + p.tipCents, 0)).toBe(bill.tipCents);
    // The tax is never split away: ICBPER is on the bags of one part, the IGV of the parts within céntimos of the whole's.
    const whole = fiscalDocumentOf({ ...bill, fiscal: { type: '03', series: 'B001', number: 99 } }, settings);
    if (!whole.ok) throw new Error(whole.code);
    expect(docs.reduce((sum, d) => sum + cents(d.totals.icbper), 0)).toBe(cents(whole.document.totals.icbper));
    expect(Math.abs(docs.reduce((sum, d) => sum + cents(d.totals.igv), 0) - cents(whole.document.totals.igv))).toBeLessThanOrEqual(n);
    // One consumption line per part (bags besides on the largest), never a free or empty line.
    for (const d of docs) expect(d.lines.every((l) => !l.free && cents(l.lineExtension) > 0)).toBe(true);
    expect(docs[0]!.lines[0]!.description).toBe(`CONSUMO SEGÚN PEDIDO N° ${bill.orderNo} (PARTE 1 DE ${n})`);
  });
  it('a bill paid together is its own document', () => {
    const bill = dinner({});
    expect(documentBills(bill, [])).toEqual([bill]);
  });
  it('the part as a bill names which part it is', () => {
    const bill = dinner({});
    const split: Bill = { ...bill, shares: [{ amountCents: bill.dueCents - 100, paidCents: 0, changeCents: 0, document: NOTE }, { amountCents: 100, paidCents: 0, changeCents: 0, document: NOTE }] };
    expect(partBill(split, 1, []).part).toEqual({ index: 1, of: 2 });
  });
});

describe('order.settle with a document per part', () => {
  it('S/ 109.00 by 3 people: three facturas of 36.34, 36.33 and 36.33, each with its RUC, number and job, in one record', () => {
    const before = deepFreeze(tableOf3());
    const shares = splitEvenly(10900, 3);
    expect(shares).toEqual([3634, 3633, 3633]);
    const d = settle(before, { split: shares, payments: cashFor(shares), shareDocuments: THREE_FACTURAS });
    if (!d.ok) throw new Error(d.code);
    const [settled] = ofType(d.events, 'order.settled');
    const bill = settled!.bill;
    // The archived bill is one bill with every dish and the whole total: reports count it once.
    expect(bill.totalCents).toBe(10900);
    expect(bill.lines).toHaveLength(3);
    expect(bill.document.kind).toBe('note');
    expect(bill.fiscal).toBeUndefined();
    expect(bill.shares!.map((sh) => [sh.amountCents, sh.document!.docId, sh.fiscal])).toEqual([
      [3634, '20100070970', { type: '01', series: 'F001', number: 1 }],
      [3633, '20131312955', { type: '01', series: 'F001', number: 2 }],
      [3633, '20100047218', { type: '01', series: 'F001', number: 3 }],
    ]);
    expect(ofType(d.events, 'fiscal.numbered').map((e) => `${e.series}-${e.number}`)).toEqual(['F001-1', 'F001-2', 'F001-3']);
    // Three e-invoice jobs, each the part's factura: its buyer and its amount.
    const jobs = ofType(d.events, 'job.created').map((e) => e.job).filter((j) => j.kind === 'einvoice.send');
    const docs = jobs.map((j) => (j.kind === 'einvoice.send' ? j.payload.document : null)!);
    expect(docs.map((doc) => [doc.series, doc.number, doc.customer.idNumber, doc.totals.payable])).toEqual([
      ['F001', 1, '20100070970', '36.34'],
      ['F001', 2, '20131312955', '36.33'],
      ['F001', 3, '20100047218', '36.33'],
    ]);
    // Facturas go to SUNAT alone: no summary line.
    expect(ofType(d.events, 'einvoice.summaryQueued')).toEqual([]);
    expect(d.result).toMatchObject({ documents: [{ series: 'F001', number: 1 }, { series: 'F001', number: 2 }, { series: 'F001', number: 3 }] });
    const after = applyAll(before, d.events);
    expect(after.fiscalNumbers['F001']).toBe(3);
    expect(after.orders[ORDER]).toBeUndefined();
  });

  it('"settle and print": one receipt per part, each its factura with its part\'s payments, "Parte n/3" on it', () => {
    const shares = splitEvenly(10900, 3);
    const payments: PaymentInput[] = [{ method: 'visa', amountCents: 3634, share: 0 }, { method: 'cash', amountCents: 5000, share: 1 }, { method: 'yape', amountCents: 3633, operationNo: '123456', share: 2 }];
    const d = settle(deepFreeze(tableOf3()), { split: shares, payments, shareDocuments: THREE_FACTURAS, print: true });
    if (!d.ok) throw new Error(d.code);
    const receipts = ofType(d.events, 'job.created').map((e) => e.job).filter((j) => j.kind === 'print' && j.payload.purpose === 'receipt');
    expect(receipts.map((j) => (j.kind === 'print' ? `${j.payload.fiscal?.series}-${j.payload.fiscal?.number} ${j.payload.fiscal?.totals.payable}` : ''))).toEqual(['F001-1 36.34', 'F001-2 36.33', 'F001-3 36.33']);
    const texts = receipts.map((j) => (j.kind === 'print' ? j.payload.document.blocks.flatMap((b) => ('text' in b ? [b.text] : 'left' in b ? [`${b.left} ${b.right}`] : [])).join('\n') : ''));
    expect(texts[1]).toContain('Parte 2/3');
    // The second guest's receipt shows only their cash and their change.
    expect(texts[1]).toMatch(/Efectivo\s+S\/ 50\.00/);
    expect(texts[1]).toMatch(/Vuelto\s+S\/ 13\.67/);
    expect(texts[1]).not.toContain('Visa');
  });

  it('two tills settle the same split at once: the second is refused and uses no number', () => {
    const shares = splitEvenly(10900, 3);
    const payload = { split: shares, payments: cashFor(shares), shareDocuments: THREE_FACTURAS };
    const first = settle(tableOf3(), payload);
    if (!first.ok) throw new Error(first.code);
    const after = deepFreeze(applyAll(tableOf3(), first.events));
    expect(settle(after, payload)).toMatchObject({ ok: false, code: 'ORDER_NOT_OPEN' });
    expect(after.fiscalNumbers['F001']).toBe(3);
  });

  it('a boleta, a factura and a sale note: only the first two are numbered, the boleta joins the summary', () => {
    const before = deepFreeze(tableOf3());
    const shares = [5000, 4000, 1900];
    const d = settle(before, { split: shares, payments: cashFor(shares), shareDocuments: [BOLETA, THREE_FACTURAS[0]!, NOTE] });
    if (!d.ok) throw new Error(d.code);
    const bill = ofType(d.events, 'order.settled')[0]!.bill;
    expect(bill.shares!.map((sh) => sh.fiscal ?? null)).toEqual([{ type: '03', series: 'B001', number: 1 }, { type: '01', series: 'F001', number: 1 }, null]);
    expect(ofType(d.events, 'einvoice.summaryQueued').map((e) => e.pending.key)).toEqual(['03-B001-1']);
    expect(ofType(d.events, 'job.created').filter((e) => e.job.kind === 'einvoice.send')).toHaveLength(2);
  });

  it('the same parts again continue the series (F001-4..6)', () => {
    const s = exec(tableOf3(), 'fiscal.saveSettings', SAMPLE_FISCAL).state;
    const numbered = applyAll(s, [{ type: 'fiscal.numbered', series: 'F001', number: 3, billId: 'x' }]);
    const shares = splitEvenly(10900, 3);
    const d = settle(numbered, { split: shares, payments: cashFor(shares), shareDocuments: THREE_FACTURAS });
    if (!d.ok) throw new Error(d.code);
    expect(ofType(d.events, 'fiscal.numbered').map((e) => e.number)).toEqual([4, 5, 6]);
  });

  const refusals: { name: string; payload: Partial<CommandPayload<'order.settle'>>; code: string; field: string }[] = [
    { name: 'fewer documents than parts', payload: { split: [5450, 5450], payments: cashFor([5450, 5450]), shareDocuments: [THREE_FACTURAS[0]!, THREE_FACTURAS[1]!, THREE_FACTURAS[2]!] }, code: 'SPLIT_DOCUMENTS_MISMATCH', field: 'shareDocuments' },
    { name: 'documents per part on a bill not split', payload: { payments: [{ method: 'cash', amountCents: 10900 }], shareDocuments: [NOTE, NOTE] }, code: 'SPLIT_DOCUMENTS_MISMATCH', field: 'shareDocuments' },
    { name: "the second part's RUC is wrong", payload: { split: [5450, 5450], payments: cashFor([5450, 5450]), shareDocuments: [THREE_FACTURAS[0]!, F('20100070971', 'Otra SAC')] }, code: 'INVALID_RUC', field: 'shareDocuments.1.docId' },
    { name: 'a factura without a name', payload: { split: [5450, 5450], payments: cashFor([5450, 5450]), shareDocuments: [NOTE, F('20100070970', '  ')] }, code: 'BUYER_NAME_REQUIRED', field: 'shareDocuments.1.name' },
    { name: 'a factura for a part of nothing', payload: { split: [10900, 0], payments: cashFor([10900]), shareDocuments: [NOTE, THREE_FACTURAS[0]!] }, code: 'SPLIT_SHARE_EMPTY', field: 'shareDocuments.1' },
    { name: 'a boleta with a bad DNI on the first part', payload: { split: [5450, 5450], payments: cashFor([5450, 5450]), shareDocuments: [{ kind: 'boleta', docId: '1234', name: 'Ana' }, NOTE] }, code: 'INVALID_DNI', field: 'shareDocuments.0.docId' },
    { name: "the issue's Visa then cash both on part 1: part 2 unpaid", payload: { split: [5450, 5450], payments: [{ method: 'visa', amountCents: 5450, share: 0 }, { method: 'cash', amountCents: 6000, share: 0 }], shareDocuments: [NOTE, NOTE] }, code: 'AMOUNT_TOO_LOW', field: 'split.1' },
    { name: "a card paying past its part (another guest's change from a card)", payload: { split: [5450, 5450], payments: [{ method: 'visa', amountCents: 6000, share: 0 }, { method: 'cash', amountCents: 4900, share: 1 }], shareDocuments: [NOTE, NOTE] }, code: 'CHANGE_ONLY_FROM_CASH', field: 'split.0' },
  ];
  it.each(refusals)('refused: $name', ({ payload, code, field }) => {
    const before = deepFreeze(tableOf3());
    const d = settle(before, payload);
    expect(d).toEqual({ ok: false, code, message: field });
  });

  it('a boleta of S/ 700 or more per part names its buyer; under it, per part, it need not', () => {
    const bill = 10900;
    // S/ 109 is far below S/ 700 for each part: anonymous boletas are fine.
    const shares = splitEvenly(bill, 2);
    const d = settle(deepFreeze(tableOf3()), { split: shares, payments: cashFor(shares), shareDocuments: [BOLETA, BOLETA] });
    expect(d.ok).toBe(true);
  });

  it('refused: a factura on a part smaller than the plastic bags it carries (the part could not add up)', () => {
    let s = exec(menuState(), 'product.save', product('p-bolsa', '900', 3000)).state;
    s = exec(s, 'fiscal.saveSettings', { ...SAMPLE_FISCAL, bagProductIds: ['p-bolsa'] }).state;
    s = openTable(s, T.s1, ORDER, 2);
    s = addLines(s, ORDER, [{ lineId: uid(11), productId: 'p-bolsa', qty: 1 }, { lineId: uid(12), productId: P.agua.id, qty: 1 }]);
    s = exec(s, 'order.send', { orderId: ORDER }).state;
    const before = deepFreeze(s);
    const d = settle(before, { split: [1700, 1700], payments: cashFor([1700, 1700]), shareDocuments: [THREE_FACTURAS[0]!, THREE_FACTURAS[1]!] });
    expect(d).toEqual({ ok: false, code: 'SPLIT_SHARE_EMPTY', message: 'shareDocuments.0' });
  });

  it('a document name like __proto__ is only text', () => {
    const shares = splitEvenly(10900, 2);
    const d = settle(deepFreeze(tableOf3()), { split: shares, payments: cashFor(shares), shareDocuments: [F('20100070970', '__proto__'), F('20131312955', 'constructor')] });
    if (!d.ok) throw new Error(d.code);
    expect(ofType(d.events, 'order.settled')[0]!.bill.shares!.map((sh) => sh.document!.name)).toEqual(['__proto__', 'constructor']);
  });
});

describe('split by dishes: the dishes moved to their own bill, each bill its own document with its dishes', () => {
  it("the lomo's diner moves it to S2 and takes a factura of the lomo; the table keeps the ceviches and the chicha", () => {
    let s = tableOf3();
    const lomoOrder = uid(2);
    s = exec(s, 'order.moveLines', { fromOrderId: ORDER, toTableId: T.s2, orderId: lomoOrder, people: 1, lines: [{ lineId: uid(12), qty: 1, newLineId: uid(22) }] }).state;
    const lomo = decideOn(s, 'order.settle', { orderId: lomoOrder, payments: [{ method: 'visa', amountCents: 3800 }], document: THREE_FACTURAS[1]!, print: false }, AT);
    if (!lomo.ok) throw new Error(lomo.code);
    s = applyAll(s, lomo.events);
    const rest = settle(s, { payments: [{ method: 'cash', amountCents: 7100 }], document: THREE_FACTURAS[0]! });
    if (!rest.ok) throw new Error(rest.code);
    const docs = [lomo, rest].map((d) => (d.ok ? ofType(d.events, 'job.created').map((e) => e.job).find((j) => j.kind === 'einvoice.send') : undefined)).map((j) => (j?.kind === 'einvoice.send' ? j.payload.document : null)!);
    expect(docs.map((d) => [`${d.series}-${d.number}`, d.customer.idNumber, d.lines.map((l) => `${l.qty} ${l.description}`), d.totals.payable])).toEqual([
      ['F001-1', '20131312955', ['1 Plato 201'], '38.00'],
      ['F001-2', '20100070970', ['2 Plato 101', '1 Plato 401'], '71.00'],
    ]);
  });
});

describe('the door: shareDocuments as the schema takes them', () => {
  it('refuses one document, more than 20, and a document of an unknown kind', () => {
    const base = { orderId: ORDER, payments: [], document: NOTE, print: false, split: [5450, 5450] };
    const envelope = (payload: unknown) => ({ id: uid(9), type: 'order.settle', payload, deviceId: 'till-1', at: LATER });
    expect(parseCommand(envelope({ ...base, shareDocuments: [NOTE, BOLETA] })).ok).toBe(true);
    for (const shareDocuments of [[NOTE], Array.from({ length: 21 }, () => NOTE), [NOTE, { kind: 'ticket', docId: '', name: '' }], [NOTE, { kind: 'factura', docId: '2'.repeat(16), name: 'X SAC' }]]) {
      expect(parseCommand(envelope({ ...base, shareDocuments })).ok).toBe(false);
    }
    // An extra field on a document is not kept (a device cannot bring its own number).
    const parsed = parseCommand(envelope({ ...base, shareDocuments: [{ ...NOTE, fiscal: { type: '01', series: 'F001', number: 999 } }, NOTE] }));
    expect(parsed.ok && parsed.command.type === 'order.settle' ? parsed.command.payload.shareDocuments?.[0] : null).toEqual(NOTE);
  });
});

describe('what reads the archived split bill', () => {
  /** The table settled as three facturas, as the archive keeps it. */
  function archived(): Bill {
    const shares = splitEvenly(10900, 3);
    const d = settle(tableOf3(), { split: shares, payments: cashFor(shares), shareDocuments: THREE_FACTURAS });
    if (!d.ok) throw new Error(d.code);
    return ofType(d.events, 'order.settled')[0]!.bill;
  }

  it('the bills list shows it once, as facturas with their three numbers, found by any of them', () => {
    const bill = archived();
    const row = billRow(bill, undefined);
    expect(row).toMatchObject({ totalCents: 10900, document: 'factura', documentNo: 'F001-1, F001-2, F001-3' });
    expect(matchesFilters(bill, undefined, { record: 'all', no: 'F001-2' })).toBe(true);
    expect(matchesFilters(bill, undefined, { record: 'all', no: '3' })).toBe(true);
    expect(matchesFilters(bill, undefined, { record: 'all', document: 'factura' })).toBe(true);
    expect(matchesFilters(bill, undefined, { record: 'all', document: 'boleta' })).toBe(false);
    expect(matchesFilters(bill, undefined, { record: 'all', document: 'note' })).toBe(false);
    expect(matchesFilters(bill, undefined, { record: 'all', no: 'F001-4' })).toBe(false);
  });

  it("the sales register lists each part's factura, adding up to the bill", () => {
    const { entries, skipped } = registerEntries({ bills: [archived()], corrections: [], settings: SAMPLE_FISCAL });
    expect(skipped).toEqual([]);
    expect(entries.map((e) => `${e.document.series}-${e.document.number} ${e.document.customer.idNumber} ${e.document.totals.payable}`)).toEqual([
      'F001-1 20100070970 36.34',
      'F001-2 20131312955 36.33',
      'F001-3 20100047218 36.33',
    ]);
  });

  it('the sales export: one row, the three facturas named, their base and IGV added up', () => {
    const bill = archived();
    const row = salesRow(bill, undefined, documentsOf(SAMPLE_FISCAL), (id) => id);
    const cell = (i: number) => row[i]!.v;
    expect([cell(3), cell(4), cell(5)]).toEqual(['Factura + Factura + Factura', 'F001-1, F001-2, F001-3', '20100070970 / 20131312955 / 20100047218']);
    expect(cell(12)).toBe(109);
    // Base + IGV is the consumption: the S/ 1.00 tip is outside the base.
    expect(Math.round(((cell(13) as number) + (cell(14) as number)) * 100)).toBe(10800);
  });

  it('a void or refund is refused (a credit note per part is not done yet), nothing changes', () => {
    const s = deepFreeze(tableOf3());
    for (const request of [VOID, refund([{ lineId: uid(11), qty: 1 }])]) {
      expect(correct(s, archived(), request)).toEqual({ ok: false, code: 'SPLIT_PARTS_NOT_CORRECTABLE' });
    }
  });
});
