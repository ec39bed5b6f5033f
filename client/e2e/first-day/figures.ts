import { papersOf } from '../../../hardware/testing/papers.ts';
import type { FakePrinter } from '../../../hardware/testing/fake-printer.ts';

/**
 * The day's figures as the test itself works them out from what it did
 * (prices typed on the goods page, what each guest handed over), never read
 * from the hub: the hub's reports must agree with these.
 */

export type Sale = { dishesCents: number[]; depositCents: number; payments: { method: string; amountCents: number }[] };

export type Expected = {
  salesCount: number;
  salesCents: number;
  depositsByMethod: Record<string, number>;
  /** What each method took for the bills, cash net of the change given back. */
  netByMethod: Record<string, number>;
  changeCents: number;
  /** What the drawer and each account should hold at the close: the float, the bills' net and the deposits. */
  drawerByMethod: Record<string, number>;
};

const add = (into: Record<string, number>, key: string, cents: number) => {
  into[key] = (into[key] ?? 0) + cents;
};

/** The day's sales, deposits and drawer, from the float and each sale as it was rung up and paid. */
export function expectedFigures(floatCents: number, sales: Sale[]): Expected {
  const e: Expected = { salesCount: 0, salesCents: 0, depositsByMethod: {}, netByMethod: {}, changeCents: 0, drawerByMethod: { cash: floatCents } };
  for (const sale of sales) {
    const total = sale.dishesCents.reduce((a, b) => a + b, 0);
    const paid = sale.payments.reduce((a, p) => a + p.amountCents, 0);
    const change = paid - (total - sale.depositCents);
    if (change < 0) throw new Error(`a sale of ${total} paid ${paid} with a deposit of ${sale.depositCents}`);
    e.salesCount += 1;
    e.salesCents += total;
    e.changeCents += change;
    for (const p of sale.payments) add(e.netByMethod, p.method, p.amountCents);
    add(e.netByMethod, 'cash', -change);
  }
  for (const [m, c] of Object.entries(e.netByMethod)) add(e.drawerByMethod, m, c);
  return e;
}

/** Adds the deposits taken (by method) to the expected figures. */
export function withDeposits(e: Expected, deposits: { method: string; amountCents: number }[]): Expected {
  for (const d of deposits) {
    add(e.depositsByMethod, d.method, d.amountCents);
    add(e.drawerByMethod, d.method, d.amountCents);
  }
  return e;
}

/** Soles as typed in a field: 172.00. */
export const typed = (cents: number): string => (cents / 100).toFixed(2);

/**
 * The Z report as it came out of the printer at the close (the hub completes
 * it from the day's archive when it prints), its lines as printed; empty
 * until it has printed.
 */
export function printedZReport(fake: FakePrinter): string {
  const z = papersOf(fake)
    .map((p) => p.texts.join('\n'))
    .filter((text) => text.includes('Fondo inicial'));
  return z.at(-1) ?? '';
}

/** The amount a printed report line starting with `label` shows (its count in brackets ignored): 'S/ 209.00', or '' when no such line. */
export function printedAmount(report: string, label: string): string {
  const line = report.split('\n').find((l) => l.trim().replace(/\s*\(\d+\)/, '').startsWith(label));
  return line?.trim().match(/(-?S\/ [\d,.]+|\d+)$/)?.[1] ?? '';
}
