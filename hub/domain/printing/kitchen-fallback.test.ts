import { describe, expect, it } from 'vitest';
import type { Printer, State } from '#protocol';
import { addLines, decideOn, deepFreeze, exec, openTable, P, T, uid } from '../test-fixtures.ts';
import { kitchenFallback, kitchenRoute } from './routing.ts';
import { createdJobs, paperText, printer, ST, stationMenu, withPrinters } from './test-printers.ts';

/**
 * A dish of a station no printer or screen prints never goes nowhere
 * (issue 18 item 19): its ticket comes out on the kitchen fallback, marked
 * with where it belongs (README.md "Routing").
 */

const ORDER = uid(1);
const kitchen = printer('pr-cocina', { stations: [ST.kitchen] });
const caja = printer('pr-caja', { receipts: true, prebills: true });
const caja2 = printer('pr-caja2', { receipts: true });
const usb = printer('pr-usb', { connection: { type: 'usb', path: '/dev/usb/lp0' } });
const screen = printer('pr-pantalla', { connection: { type: 'screen' }, stations: [ST.kitchen] });
const barScreen = printer('pr-pantalla-bar', { connection: { type: 'screen' }, stations: [ST.bar] });

/**
 * The restaurant with exactly these printers (the virtual one removed unless
 * `keepVirtual`). None at all cannot be reached by commands (LAST_PRINTER),
 * but a store may hold it: that state is built directly.
 */
function only(printers: readonly Printer[], keepVirtual = false): State {
  const s = withPrinters(stationMenu(), printers);
  if (keepVirtual) return s;
  return printers.length === 0 ? { ...s, printers: {} } : exec(s, 'printer.remove', { printerId: 'virtual' }).state;
}

describe('kitchenFallback: the one printer a ticket goes to when nothing prints its station', () => {
  it.each<[string, () => State, string | null]>([
    ['the first real receipt printer, by name', () => only([kitchen, caja2, caja]), 'pr-caja'],
    ['a real printer before the virtual one, even without receipts', () => only([kitchen], true), 'pr-cocina'],
    ['a USB printer counts as real', () => only([usb], true), 'pr-usb'],
    ['only the virtual printer: the virtual printer', () => only([], true), 'virtual'],
    ['only kitchen screens: a screen', () => only([screen]), 'pr-pantalla'],
    ['no printer at all: none', () => only([]), null],
  ])('%s', (_label, build, expected) => {
    expect(kitchenFallback(build())?.id ?? null).toBe(expected);
  });
});

describe('kitchenRoute', () => {
  it.each<[string, () => State, string, string[], boolean]>([
    ['a station with its printer: that printer, not a fallback', () => only([kitchen, caja]), ST.kitchen, ['pr-cocina'], false],
    ['a station shown on a screen only: the screen', () => only([barScreen, caja]), ST.bar, ['pr-pantalla-bar'], false],
    ['a station nothing prints: the fallback', () => only([kitchen, caja]), ST.bar, ['pr-caja'], true],
    ['a dish without station: every station printer and screen', () => only([kitchen, screen, caja]), '', ['pr-cocina', 'pr-pantalla'], false],
    ['a dish without station, no station printer: the fallback', () => only([caja]), '', ['pr-caja'], true],
    ['a station deleted from the menu since: the fallback', () => only([kitchen, caja]), 'st-gone', ['pr-caja'], true],
    ['nowhere at all: no target, still a fallback', () => only([]), ST.bar, [], true],
  ])('%s', (_label, build, station, targets, fallback) => {
    const route = kitchenRoute(build(), station);
    expect([route.targets.map((p) => p.id), route.fallback]).toEqual([targets, fallback]);
  });
});

describe('the fallback ticket', () => {
  function sendChicha(state: State) {
    let s = openTable(state, T.s1, ORDER, 2);
    s = addLines(s, ORDER, [
      { lineId: uid(101), productId: P.ceviche.id, qty: 1 },
      { lineId: uid(102), productId: P.chicha.id, qty: 2 },
    ]);
    return createdJobs(exec(s, 'order.send', { orderId: ORDER }).events);
  }

  it.each<[Printer['language'], string]>([
    ['es', 'SIN IMPRESORA: llevar a Bar'],
    ['en', 'NO PRINTER: take to Bar'],
    ['zh', '无打印机：请送至Bar'],
  ])('says in the printer language (%s) where the bar dish belongs; the kitchen ticket says nothing', (language, note) => {
    const jobs = sendChicha(only([kitchen, { ...caja, language }]));
    const [kitchenJob, barJob] = jobs;
    expect(barJob?.kind === 'print' && [barJob.payload.printerId, barJob.payload.ticket?.fallback]).toEqual(['pr-caja', true]);
    expect(paperText(barJob!)).toContain(note);
    expect(kitchenJob?.kind === 'print' && kitchenJob.payload.ticket?.fallback).toBeUndefined();
    expect(paperText(kitchenJob!)).not.toContain(note);
  });

  it('a restaurant with no printer at all records the send and creates no job', () => {
    expect(sendChicha(only([]))).toEqual([]);
  });
});

describe('the one routing that leads nowhere is refused', () => {
  it.each<[string, () => State, string]>([
    ['the virtual printer when it is the only one', () => only([], true), 'virtual'],
    ['the only kitchen screen', () => only([screen]), 'pr-pantalla'],
  ])('removing %s: LAST_PRINTER, nothing changes', (_label, build, printerId) => {
    const s = deepFreeze(build());
    const before = JSON.stringify(s);
    expect(decideOn(s, 'printer.remove', { printerId })).toEqual({ ok: false, code: 'LAST_PRINTER', message: 'printerId' });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('removing one of two is allowed', () => {
    expect(decideOn(only([caja], true), 'printer.remove', { printerId: 'virtual' }).ok).toBe(true);
  });
});
