import { describe, expect, it } from 'vitest';
import type { Printer, PrinterStatusEntry } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { printerTroubles, seesPrinterAlert, sinceText } from './PrinterAlertRules.ts';

const printer = (id: string, name: string): Printer => ({ ...VIRTUAL_PRINTER, id, name, connection: { type: 'network', host: '10.0.0.5', port: 9100 } });
const PRINTERS = { k: printer('k', 'Cocina'), c: printer('c', 'Caja'), b: printer('b', 'Bar') };

describe('printerTroubles: which printers the alert names', () => {
  it.each<[string, Record<string, PrinterStatusEntry>, string[]]>([
    ['none reported yet', {}, []],
    ['all ok', { k: { status: { state: 'ok' }, since: '2026-01-01T10:00:00Z' } }, []],
    [
      'out of paper and off, the longest-standing first',
      {
        k: { status: { state: 'needsPerson', reason: 'PAPER_OUT' }, since: '2026-01-01T10:05:00Z' },
        c: { status: { state: 'retryLater', reason: 'UNREACHABLE' }, since: '2026-01-01T10:00:00Z' },
        b: { status: { state: 'ok' }, since: '2026-01-01T09:00:00Z' },
      },
      ['c:UNREACHABLE', 'k:PAPER_OUT'],
    ],
    ['a removed printer\'s last status is nobody\'s problem', { gone: { status: { state: 'needsPerson', reason: 'COVER_OPEN' }, since: '2026-01-01T10:00:00Z' } }, []],
  ])('%s', (_why, statuses, expected) => {
    expect(printerTroubles(PRINTERS, statuses).map((t) => `${t.printerId}:${t.reason}`)).toEqual(expected);
  });

  it('a status keyed __proto__ is never read as a printer', () => {
    const statuses = JSON.parse('{"__proto__": {"status": {"state": "needsPerson", "reason": "PAPER_OUT"}, "since": "x"}}') as Record<string, PrinterStatusEntry>;
    expect(printerTroubles(PRINTERS, statuses)).toEqual([]);
  });
});

describe('seesPrinterAlert: who is shown it', () => {
  it.each<[string, string[], boolean]>([
    ['waiter (tables)', ['M001', 'M002'], true],
    ['kitchen (tables)', ['M001'], true],
    ['cashier (payment)', ['M003', 'payment'], true],
    ['manager (settings)', ['staff', 'settings'], true],
    ['rider', ['M005'], false],
    ['nobody signed in', [], false],
  ])('%s: %s', (_who, aliases, sees) => {
    expect(seesPrinterAlert(new Set(aliases))).toBe(sees);
  });
});

describe('sinceText: when a status began', () => {
  const now = new Date(2026, 0, 2, 15, 0);
  it.each<[Date, string]>([
    [new Date(2026, 0, 2, 10, 5), '10:05'],
    [new Date(2026, 0, 1, 22, 30), 'Jan'],
  ])('%s reads with %s', (at, part) => {
    expect(sinceText(at.toISOString(), 'en-GB', now)).toContain(part);
  });
});
