import { describe, expect, it } from 'vitest';
import type { SaleDocument, Settings, State } from '#protocol';
import { DEFAULT_SETTINGS, defaultDocumentKind, settingsSchema, TABLE_STATUS } from '#protocol';
import { applyAll } from '../apply.ts';
import { SAMPLE_FISCAL } from '../einvoice/samples.ts';
import { ctxAt, decideOn, deepFreeze, exec, LATER, openTable, orderAt, T, uid } from '../test-fixtures.ts';

/**
 * The till's two restaurant settings of issue 18: the document a new bill
 * proposes (item 7) and clearing the table in the settlement's own record
 * (item 14); and the settlement's answer naming the documents it issued (item 21).
 */

const ORDER = uid(1);
const NOTE: SaleDocument = { kind: 'note', docId: '', name: '' };
const BOLETA: SaleDocument = { kind: 'boleta', docId: '', name: '' };
const FACTURA: SaleDocument = { kind: 'factura', docId: '20100070970', name: 'Supermercados SAC' };

const withSettings = (s: State, change: Partial<Settings>): State => exec(s, 'settings.save', { ...s.settings, ...change }).state;
const settle = (s: State, document: SaleDocument = NOTE) =>
  decideOn(s, 'order.settle', { orderId: ORDER, payments: [{ method: 'cash', amountCents: 10000 }], document, print: false }, ctxAt(LATER, 'cajera-1'));

describe('defaultDocumentKind: the owner chooses, else the boleta once e-invoicing is set up', () => {
  const cases: { name: string; chosen: Settings['defaultDocument']; fiscal: boolean; kind: string }[] = [
    { name: 'nothing chosen, no e-invoicing', chosen: undefined, fiscal: false, kind: 'note' },
    { name: 'nothing chosen, e-invoicing set up', chosen: undefined, fiscal: true, kind: 'boleta' },
    { name: 'automatic, no e-invoicing', chosen: 'auto', fiscal: false, kind: 'note' },
    { name: 'automatic, e-invoicing set up', chosen: 'auto', fiscal: true, kind: 'boleta' },
    { name: 'the owner keeps the sale note with e-invoicing', chosen: 'note', fiscal: true, kind: 'note' },
    { name: 'the owner wants the factura', chosen: 'factura', fiscal: true, kind: 'factura' },
    { name: 'a boleta chosen before e-invoicing (it prints as a sale note until then)', chosen: 'boleta', fiscal: false, kind: 'boleta' },
  ];
  it.each(cases)('$name', ({ chosen, fiscal, kind }) => {
    expect(defaultDocumentKind({ ...DEFAULT_SETTINGS, ...(chosen ? { defaultDocument: chosen } : {}) }, fiscal)).toBe(kind);
  });
});

describe('settings.save keeps the till settings a device does not send', () => {
  it('an older page saving the idle lock keeps the default document and clear-on-settle', () => {
    let s = withSettings(orderAt('open'), { defaultDocument: 'factura', clearOnSettle: true });
    s = exec(s, 'settings.save', { ruc: '', idleLockMinutes: 10 }).state;
    expect(s.settings).toMatchObject({ idleLockMinutes: 10, defaultDocument: 'factura', clearOnSettle: true });
    s = withSettings(s, { defaultDocument: 'auto', clearOnSettle: false });
    expect(s.settings).toMatchObject({ defaultDocument: 'auto', clearOnSettle: false });
  });

  it.each([{ defaultDocument: 'ticket' }, { defaultDocument: '__proto__' }, { defaultDocument: 3 }, { clearOnSettle: 'yes' }, { clearOnSettle: 1 }])('the protocol refuses %o', (bad) => {
    expect(settingsSchema.safeParse({ ruc: '', idleLockMinutes: 5, ...bad }).success).toBe(false);
  });
});

describe('clear on settle', () => {
  it('off (the default): the table waits to be cleared', () => {
    const d = settle(deepFreeze(orderAt('sent')));
    if (!d.ok) throw new Error(d.code);
    expect(d.events.map((e) => e.type)).toEqual(['order.settled']);
    expect(applyAll(orderAt('sent'), d.events).tables[T.s1]?.status).toBe(TABLE_STATUS.toClear);
  });

  it('on: the table is free again in the settlement record itself', () => {
    const before = deepFreeze(withSettings(orderAt('sent'), { clearOnSettle: true }));
    const d = settle(before);
    if (!d.ok) throw new Error(d.code);
    expect(d.events.map((e) => e.type)).toEqual(['order.settled', 'table.cleared']);
    const after = applyAll(before, d.events);
    expect(after.tables[T.s1]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    expect(after.orders[ORDER]).toBeUndefined();
  });

  it('on: every table of a merged group is freed', () => {
    let s = withSettings(openTable(orderAt('sent'), T.s2, uid(2)), { clearOnSettle: true });
    s = exec(s, 'table.merge', { tableId: T.s1, otherTableIds: [T.s2] }).state;
    const d = settle(deepFreeze(s));
    if (!d.ok) throw new Error(d.code);
    const after = applyAll(s, d.events);
    expect([after.tables[T.s1]?.status, after.tables[T.s2]?.status]).toEqual([TABLE_STATUS.free, TABLE_STATUS.free]);
  });

  it('on, a refused settlement clears nothing', () => {
    const before = deepFreeze(withSettings(orderAt('ordered'), { clearOnSettle: true }));
    expect(settle(before)).toMatchObject({ ok: false, code: 'UNSENT_LINES' });
    expect(before.tables[T.s1]?.status).not.toBe(TABLE_STATUS.free);
  });

  it('on, with a boleta: the number, the summary line and the clearing share one record', () => {
    let s = withSettings(orderAt('sent'), { clearOnSettle: true });
    s = exec(s, 'fiscal.saveSettings', SAMPLE_FISCAL).state;
    const d = settle(deepFreeze(s), BOLETA);
    if (!d.ok) throw new Error(d.code);
    expect(d.events.map((e) => e.type)).toEqual(['order.settled', 'fiscal.numbered', 'einvoice.summaryQueued', 'table.cleared', 'job.created']);
  });
});

describe('the settlement answers with the documents it issued', () => {
  const withFiscal = () => exec(orderAt('sent'), 'fiscal.saveSettings', SAMPLE_FISCAL).state;
  it.each([
    { name: 'a boleta', doc: BOLETA, documents: [{ type: '03', series: 'B001', number: 1 }] },
    { name: 'a factura', doc: FACTURA, documents: [{ type: '01', series: 'F001', number: 1 }] },
    { name: 'a sale note issues none', doc: NOTE, documents: undefined },
  ])('$name', ({ doc, documents }) => {
    const d = settle(withFiscal(), doc);
    if (!d.ok) throw new Error(d.code);
    expect(d.result.documents).toEqual(documents);
  });

  it('a boleta asked for before e-invoicing is set up issues none (it prints as a sale note)', () => {
    const d = settle(orderAt('sent'), BOLETA);
    if (!d.ok) throw new Error(d.code);
    expect(d.result.documents).toBeUndefined();
  });
});
