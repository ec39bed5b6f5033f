import { describe, expect, it } from 'vitest';
import { VIRTUAL_PRINTER, type Printer, type PrinterConnection, type PrinterStatusEntry } from '#protocol';
import { addressOf, sortedPrinters, stationNames, statusView } from './status-view.ts';

const on = (connection: PrinterConnection, over: Partial<Printer> = {}): Printer => ({ ...VIRTUAL_PRINTER, id: 'p', name: 'P', connection, ...over });
const NET = on({ type: 'network', host: '10.0.0.5', port: 9100 });
const since = '2026-01-01T10:00:00Z';

describe('statusView: a printer card\'s colour and words', () => {
  it.each<[string, Printer, PrinterStatusEntry | undefined, ReturnType<typeof statusView>]>([
    ['a network printer not checked yet', NET, undefined, { tone: 'unknown', label: 'unknown', since: null }],
    ['a USB printer not checked yet', on({ type: 'usb', path: '/dev/usb/lp0' }), undefined, { tone: 'unknown', label: 'unknown', since: null }],
    ['the virtual printer, never reported', VIRTUAL_PRINTER, undefined, { tone: 'ok', label: 'ok', since: null }],
    ['a kitchen screen, never reported', on({ type: 'screen' }), undefined, { tone: 'ok', label: 'ok', since: null }],
    ['ok', NET, { status: { state: 'ok' }, since }, { tone: 'ok', label: 'ok', since }],
    ['off: jobs wait', NET, { status: { state: 'retryLater', reason: 'UNREACHABLE' }, since }, { tone: 'warn', label: 'UNREACHABLE', since }],
    ['out of paper: a person must act', NET, { status: { state: 'needsPerson', reason: 'PAPER_OUT' }, since }, { tone: 'error', label: 'PAPER_OUT', since }],
  ])('%s', (_why, printer, entry, view) => {
    expect(statusView(printer, entry)).toEqual(view);
  });
});

describe('a card\'s address, stations and order', () => {
  it.each<[PrinterConnection, string]>([
    [{ type: 'network', host: '10.0.0.5', port: 9100 }, '10.0.0.5'],
    [{ type: 'network', host: 'bar.lan', port: 9101 }, 'bar.lan:9101'],
    [{ type: 'usb', path: '/dev/usb/lp1' }, '/dev/usb/lp1'],
    [{ type: 'virtual' }, ''],
  ])('%j reads %j', (connection, text) => {
    expect(addressOf(on(connection))).toBe(text);
  });

  it('station names in the menu\'s order; a deleted station is left out', () => {
    const p = on({ type: 'screen' }, { stations: ['st-bar', 'gone', 'st-hot'] });
    expect(stationNames(p, [{ id: 'st-hot', name: 'Cocina' }, { id: 'st-bar', name: 'Bar' }])).toEqual(['Cocina', 'Bar']);
  });

  it('real printers by name, then screens, the virtual printer last', () => {
    const list = { v: VIRTUAL_PRINTER, s: on({ type: 'screen' }, { id: 's', name: 'A screen' }), b: { ...NET, id: 'b', name: 'Bar' }, a: { ...NET, id: 'a', name: 'Caja' } };
    expect(sortedPrinters(list).map((p) => p.id)).toEqual(['b', 'a', 's', VIRTUAL_PRINTER.id]);
  });
});
