import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Command, CommandType, DomainEvent, SaleDocument, State } from '#protocol';
import { correct, fiscalState, VOID } from './bills/test-bills.ts';
import { applyAll } from './apply.ts';
import { decide, decideRules } from './decide.ts';
import type { Decision } from './decision.ts';
import { hubHandler } from './hub-rules.ts';
import { SAMPLE_FISCAL } from './einvoice/samples.ts';
import { testBill } from './einvoice/test-bills.ts';
import { addLines, command, ctxAt, deepFreeze, exec, LATER, menuState, openTable, P, product, T, uid } from './test-fixtures.ts';

/**
 * The split between the rules a device folds (`decideRules`) and the hub's
 * (`decide` = the same rules + hub-rules.ts + jobs): what the hub adds, that
 * the shared rules' events stay first and unchanged (the log record is what
 * it was before the split), and that the shared registry never reaches the
 * tax rules, which is what keeps them out of the page's first load.
 */

const AT = ctxAt(LATER, 'cajera-1');
const BAG = 'p-bolsa';
const BOLETA: SaleDocument = { kind: 'boleta', docId: '', name: '' };
const FACTURA: SaleDocument = { kind: 'factura', docId: '20100070970', name: 'Supermercados SAC' };
const NOTE: SaleDocument = { kind: 'note', docId: '', name: '' };

/** Fiscal settings saved (ICBPER S/ 0.50 a bag), a ceviche and a bag at `bagCents` sent on S1. */
function ready(bagCents: number): State {
  const settings = { ...SAMPLE_FISCAL, bagProductIds: [BAG], rates: { ...SAMPLE_FISCAL.rates, icbper: [{ from: '2019-08-01', cents: 50 }] } };
  let s = exec(menuState(), 'product.save', product(BAG, '900', bagCents)).state;
  s = exec(s, 'fiscal.saveSettings', settings).state;
  s = openTable(s, T.s1, uid(1));
  s = addLines(s, uid(1), [
    { lineId: uid(11), productId: P.ceviche.id, qty: 1 },
    { lineId: uid(12), productId: BAG, qty: 1 },
  ]);
  return exec(s, 'order.send', { orderId: uid(1) }).state;
}

function settleCommand(document: SaleDocument, cents: number): Command {
  return command('order.settle', { orderId: uid(1), payments: [{ method: 'cash', amountCents: cents }], document, print: false });
}

function applyDecision(s: State, d: Decision): State {
  if (!d.ok) throw new Error(d.code);
  return applyAll(s, d.events);
}

/** The decision's event types, jobs left out (jobs/reactions.ts has their tests). */
const types = (d: Decision): string[] => (d.ok ? d.events.filter((e: DomainEvent) => e.type !== 'job.created').map((e) => e.type) : [d.code]);

describe('order.settle: the hub adds the document the shared rules leave out', () => {
  const cases = [
    { name: 'boleta: numbered and queued for its summary by the hub only', doc: BOLETA, bag: 100, cents: 3300, device: ['order.settled'], hub: ['order.settled', 'fiscal.numbered', 'einvoice.summaryQueued'] },
    { name: 'factura: numbered by the hub, goes to SUNAT alone, nothing queued', doc: FACTURA, bag: 100, cents: 3300, device: ['order.settled'], hub: ['order.settled', 'fiscal.numbered'] },
    { name: 'sale note: no number, no document', doc: NOTE, bag: 100, cents: 3300, device: ['order.settled'], hub: ['order.settled'] },
    // The device shows it settled; the hub's refusal (BAG_PRICE_BELOW_ICBPER) rolls its view back.
    { name: 'boleta with a bag below its ICBPER: only the hub refuses', doc: BOLETA, bag: 30, cents: 3230, device: ['order.settled'], hub: ['BAG_PRICE_BELOW_ICBPER'] },
    { name: 'the same bill as a sale note: both settle', doc: NOTE, bag: 30, cents: 3230, device: ['order.settled'], hub: ['order.settled'] },
  ] as const;
  it.each(cases)('$name', ({ doc, bag, cents, device, hub }) => {
    const s = deepFreeze(ready(bag));
    const cmd = settleCommand(doc, cents);
    const shared = decideRules(s, cmd, AT);
    const full = decide(s, cmd, AT);
    expect(types(shared)).toEqual(device);
    expect(types(full)).toEqual(hub);
    // Where both accept, the hub's bill is the device's plus its number, in the place settle always wrote it.
    if (shared.ok && full.ok) {
      const [mine, hubs] = [shared.events[0], full.events[0]];
      if (mine?.type !== 'order.settled' || hubs?.type !== 'order.settled') throw new Error('not a settlement');
      const { fiscal, ...unnumbered } = hubs.bill;
      expect(unnumbered).toEqual(mine.bill);
      expect(Object.keys(hubs.bill)).toEqual(Object.keys(mine.bill).flatMap((k) => (k === 'document' && fiscal ? [k, 'fiscal'] : [k])));
      expect(fiscal === undefined).toBe(doc.kind === 'note');
      // The hub's answer is the device's plus the documents it numbered (the till names them: "Boleta B001-1").
      const { documents, ...answer } = full.result ?? {};
      expect(answer).toEqual(shared.result);
      expect(documents).toEqual(fiscal ? [fiscal] : undefined);
    }
  });
});

describe('commands only the hub decides: the shared registry refuses, decide runs hub-rules.ts', () => {
  it('the shared registry refuses it; decide corrects the bill and numbers its credit note', () => {
    const s = deepFreeze(fiscalState());
    const bill = testBill([{ price: 3200, name: 'Ceviche' }]);
    const cmd = command('bill.correct', { bill, request: VOID });
    expect(decideRules(s, cmd, ctxAt(LATER, null))).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(types(decide(s, cmd, ctxAt(LATER, null)))).toEqual(['bill.corrected', 'fiscal.numbered', 'einvoice.summaryQueued']);
    // The same through the route's helper (the owner's actor), as every bills test decides it.
    expect(correct(s, bill, VOID).ok).toBe(true);
  });

  it('einvoice.summarize: a device may send it, but the summary it numbers is the hub\'s', () => {
    // A settled boleta waits for its summary; the owner's phone asks for that day's summary.
    const before = ready(100);
    const s = deepFreeze(applyDecision(before, decide(before, settleCommand(BOLETA, 3300), AT)));
    expect(Object.keys(s.pendingSummary)).toEqual(['03-B001-1']);
    const cmd = command('einvoice.summarize', { referenceDate: '2025-03-14' });
    expect(decideRules(s, cmd, AT)).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(types(decide(s, cmd, AT))).toEqual(['fiscal.numbered', 'einvoice.summaryPlanned']);
  });

  it('fiscal.saveSettings: the shared registry refuses it, the hub saves (or refuses with the field)', () => {
    const s = deepFreeze(menuState());
    const owner = ctxAt(LATER, null);
    expect(decideRules(s, command('fiscal.saveSettings', SAMPLE_FISCAL), owner)).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(types(decide(s, command('fiscal.saveSettings', SAMPLE_FISCAL), owner))).toEqual(['fiscal.settingsSaved']);
    expect(decide(s, command('fiscal.saveSettings', { ...SAMPLE_FISCAL, ruc: '123' }), owner)).toMatchObject({ ok: false });
  });

  it('the hub-only table answers for its own commands only, never for names every object answers to', () => {
    expect(hubHandler('bill.correct')).toBeTypeOf('function');
    expect(hubHandler('einvoice.summarize')).toBeTypeOf('function');
    expect(hubHandler('fiscal.saveSettings')).toBeTypeOf('function');
    for (const type of ['order.settle', 'order.settleCash', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(hubHandler(type as CommandType)).toBeUndefined();
  });
});

describe('what a device bundles never reaches the tax rules', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  /** Every file reachable from `entry` by relative imports (type-only imports erase, so they are skipped). */
  function reachable(entry: string, seen = new Set<string>()): Set<string> {
    if (seen.has(entry)) return seen;
    seen.add(entry);
    const source = readFileSync(entry, 'utf8');
    for (const m of source.matchAll(/^import (?!type )[^'"]*from '(\.[^']+)';$/gm)) reachable(path.resolve(path.dirname(entry), m[1]!), seen);
    return seen;
  }
  it('the shared registry (decideRules, apply) imports none of the numbering, the tax rules, the settings check, the correction or the summary rules', () => {
    const files = [...reachable(path.join(here, 'registry.ts'))].map((f) => path.relative(here, f));
    expect(files).toContain('payment/settle.ts');
    expect(files).toContain('bills/feature.ts');
    expect(files.filter((f) => /einvoice\/(tax|credit-note|words|pieces|decimal|numbering|settings|summary-queue|summary|issue)\.ts$|bills\/correct\.ts$|hub-rules\.ts$/.test(f))).toEqual([]);
  });
});
