import { describe, expect, it } from 'vitest';
import type { PaymentInput, SaleDocument } from '#protocol';
import { NOT_SPLIT, withMode, withPeople, type SplitDraft } from './split-draft.ts';
import { partsBlocker, splitTill, withPartDoc, withPicked } from './split-till.ts';

const NOW = '2025-03-14T19:30:00.000Z';
const NOTE: SaleDocument = { kind: 'note', docId: '', name: '' };
const BOLETA: SaleDocument = { kind: 'boleta', docId: '', name: '' };
const byPeople = (n: number): SplitDraft => withMode(NOT_SPLIT, 'people', n);

/** The till adding payments one by one as the page does: each goes to the active part, then the pick is cleared. */
function pay(d: SplitDraft, due: number, adds: PaymentInput[], picks: (number | null)[] = []): { draft: SplitDraft; payments: PaymentInput[] } {
  let draft = d;
  const payments: PaymentInput[] = [];
  adds.forEach((p, i) => {
    if (picks[i] !== undefined && picks[i] !== null) draft = withPicked(draft, picks[i]);
    const till = splitTill(draft, { payments, rate: null, now: NOW }, due, 0, BOLETA);
    payments.push({ ...p, share: till.active });
    draft = withPicked(draft, null);
  });
  return { draft, payments };
}

describe('a split on the till (issue 18 items 12 and 17)', () => {
  it('splitting by people starts from the table of 3, never under 2', () => {
    expect(byPeople(3).people).toBe(3);
    expect(byPeople(1).people).toBe(2);
    // A split already made keeps its parts when the mode changes.
    expect(withMode(withPeople(byPeople(3), 5), 'amount', 3).people).toBe(5);
  });

  const cases: { name: string; adds: PaymentInput[]; picks?: (number | null)[]; shares: number[]; left: number[]; change: number; missing: number; refusal: string | null }[] = [
    {
      name: "the issue: Visa 54.50 then cash 60 on S/ 109 by 2 pay part 1 then part 2, change 5.50 from part 2",
      adds: [{ method: 'visa', amountCents: 5450 }, { method: 'cash', amountCents: 6000 }],
      shares: [0, 1], left: [0, 0], change: 550, missing: 0, refusal: null,
    },
    {
      name: 'the cashier picks part 2 first: its guest pays first',
      adds: [{ method: 'cash', amountCents: 6000 }, { method: 'yape', amountCents: 5450, operationNo: '1234' }],
      picks: [1],
      shares: [1, 0], left: [0, 0], change: 550, missing: 0, refusal: null,
    },
    {
      name: 'both picked on part 1: the screen says part 2 still owes, never "change 60"',
      adds: [{ method: 'visa', amountCents: 5450 }, { method: 'cash', amountCents: 6000 }],
      picks: [0, 0],
      shares: [0, 0], left: [0, 5450], change: 6000, missing: 5450, refusal: 'AMOUNT_TOO_LOW',
    },
  ];
  it.each(cases)('$name', ({ adds, picks, shares, left, change, missing }) => {
    const { draft, payments } = pay(byPeople(2), 10900, adds, picks);
    expect(payments.map((p) => p.share)).toEqual(shares);
    const till = splitTill(draft, { payments, rate: null, now: NOW }, 10900, 0, BOLETA);
    expect(till.parts!.map((p) => p.leftCents)).toEqual(left);
    expect(till.sum!.changeCents).toBe(change);
    expect(till.sum!.leftCents).toBe(missing);
    expect(till.sum!.paidCents).toBe(adds.reduce((n, p) => n + ('amountCents' in p ? p.amountCents : 0), 0));
  });

  it('each part has its own document: the first the bill\'s, the others its kind; sent one per part', () => {
    let d = byPeople(3);
    d = withPartDoc(d, 1, { kind: 'factura', docId: '20131312955', name: 'SUNAT' });
    const till = splitTill(d, { payments: [], rate: null, now: NOW }, 10900, 0, { kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' });
    expect(till.payload.split).toEqual([3634, 3633, 3633]);
    expect(till.payload.shareDocuments!.map((x) => `${x.kind} ${x.docId}`)).toEqual(['factura 20100070970', 'factura 20131312955', 'factura ']);
    // The third factura has no RUC yet: the hub's own rule says so (a missing field, not a wrong RUC), for that part.
    expect(till.refusal).toEqual({ code: 'REQUIRED_FIELD', field: 'shareDocuments.2.docId' });
  });

  it('paid together: nothing split, nothing extra sent', () => {
    const till = splitTill(NOT_SPLIT, { payments: [], rate: null, now: NOW }, 10900, 0, NOTE);
    expect(till).toMatchObject({ split: null, parts: null, sum: null, refusal: null, payload: {} });
  });

  it('fewer parts drop the documents and the pick of the parts gone', () => {
    const d = withPicked(withPartDoc(byPeople(3), 2, BOLETA), 2);
    expect(withPeople(d, 2)).toMatchObject({ people: 2, docs: [undefined, undefined], picked: null });
  });
});

describe("why Cobrar is grey, read with the parts", () => {
  it('cash 50 on part 1 of S/ 69 by 3: the parts still owe 46.00 (not 69 − 50 = 19)', () => {
    const d = byPeople(3);
    const payments: PaymentInput[] = [{ method: 'cash', amountCents: 5000, share: 0 }];
    const till = splitTill(d, { payments, rate: null, now: NOW }, 6900, 0, NOTE);
    expect(partsBlocker({ kind: 'missing', cents: 1900 }, till)).toEqual({ kind: 'missing', cents: 4600 });
    expect(partsBlocker({ kind: 'refusal', code: 'AMOUNT_TOO_LOW', field: 'split.1' }, till)).toEqual({ kind: 'missing', cents: 4600 });
    // What the split does not change passes through: the kitchen, the shift.
    expect(partsBlocker({ kind: 'noShift' }, till)).toEqual({ kind: 'noShift' });
  });
  it("every part paid: the parts' documents are the last word", () => {
    const d = withPartDoc(byPeople(2), 1, { kind: 'factura', docId: '20100070971', name: 'Otra SAC' });
    const payments: PaymentInput[] = [{ method: 'cash', amountCents: 3450, share: 0 }, { method: 'cash', amountCents: 3450, share: 1 }];
    const till = splitTill(d, { payments, rate: null, now: NOW }, 6900, 0, NOTE);
    expect(partsBlocker(null, till)).toEqual({ kind: 'refusal', code: 'INVALID_RUC', field: 'shareDocuments.1.docId' });
    expect(partsBlocker({ kind: 'noShift' }, till)).toEqual({ kind: 'noShift' });
  });
});
