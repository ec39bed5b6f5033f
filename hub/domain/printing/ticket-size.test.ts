import { describe, expect, it } from 'vitest';
import type { JobSpec, KitchenTicket } from '#protocol';
import { encode, previewText } from '../../../hardware/index.ts';
import { addLines, exec, openTable, P, T, uid } from '../test-fixtures.ts';
import { KITCHEN_TICKET_MAX_LINES, ticketItemWeight, ticketParts } from './kitchen-jobs.ts';
import { createdJobs, printer, ST, stationMenu, withPrinters } from './test-printers.ts';

/**
 * Issue 19 item 18: a waiter's 100-dish order with long Chinese remarks was one kitchen ticket of
 * 7 s and 1.7 MB for a printer that draws Chinese as images. A ticket now carries at most
 * KITCHEN_TICKET_MAX_LINES printed lines; a longer send prints as several tickets marked (1/n),
 * every dish once, in order.
 */

const ORDER = uid(1);
const REMARK = '不要辣椒多放香菜少盐少油打包带走谢谢'.repeat(8).slice(0, 140);
const kitchen = printer('pr-cocina', { stations: [ST.kitchen], language: 'zh', cjk: 'raster' });

type KitchenPrint = Extract<JobSpec, { kind: 'print' }> & { payload: { ticket: KitchenTicket } };
const tickets = (jobs: JobSpec[]): KitchenPrint[] => jobs.filter((j): j is KitchenPrint => j.kind === 'print' && j.payload.ticket !== undefined);

function hugeSend(dishes: number) {
  let s = openTable(withPrinters(stationMenu(), [kitchen]), T.s1, ORDER, 4);
  for (let from = 0; from < dishes; from += 100) {
    const n = Math.min(100, dishes - from);
    s = addLines(s, ORDER, Array.from({ length: n }, (_, i) => ({ lineId: uid(1000 + from + i), productId: P.ceviche.id, qty: 1, remark: REMARK })));
  }
  return tickets(createdJobs(exec(s, 'order.send', { orderId: ORDER }).events)).filter((j) => j.payload.printerId === 'pr-cocina');
}

describe('a kitchen ticket is bounded', () => {
  it('100 dishes with 140-character Chinese remarks: several tickets marked (i/n), each within the bound, every dish once and in order', () => {
    const jobs = hugeSend(100);
    expect(jobs.length).toBeGreaterThan(1);
    const of = jobs.length;
    jobs.forEach((j, i) => {
      expect(j.payload.ticket.part).toEqual({ index: i + 1, of });
      expect(j.payload.document.blocks.some((b) => b.kind === 'text' && b.text.includes(`(${i + 1}/${of})`))).toBe(true);
      const weight = j.payload.ticket.lines.reduce((n, l) => n + ticketItemWeight(l.name, l.remark, l.held), 0);
      expect(weight).toBeLessThanOrEqual(KITCHEN_TICKET_MAX_LINES);
    });
    expect(jobs.flatMap((j) => j.payload.ticket.lines.map((l) => l.lineId))).toEqual(Array.from({ length: 100 }, (_, i) => uid(1000 + i)));
  });

  it('the estimate holds on paper: each ticket prints at most the bound plus its header, and its image bytes stay small', () => {
    for (const j of hugeSend(100)) {
      const settings = { paper: 80, codePage: 'cp858', cjk: 'raster', qr: 'native' } as const;
      expect(previewText(j.payload.document, settings).length).toBeLessThanOrEqual(KITCHEN_TICKET_MAX_LINES + 10);
      // A 576-dot image line is 72 bytes a row, 48 rows in tall or large type; the old single ticket was 1.7 MB.
      expect(encode(j.payload.document, settings).length).toBeLessThan((KITCHEN_TICKET_MAX_LINES + 10) * 72 * 48);
    }
  });

  it('a send that fits one ticket is not marked', () => {
    const jobs = hugeSend(3);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.payload.ticket.part).toBeUndefined();
  });

  it.each([
    ['nothing', [], []],
    ['one dish heavier than the bound alone', [KITCHEN_TICKET_MAX_LINES + 5], [[KITCHEN_TICKET_MAX_LINES + 5]]],
    ['fills exactly', [40, 40, 1], [[40, 40], [1]]],
  ] as const)('ticketParts: %s', (_name, weights, expected) => {
    // A line of weight w: a Chinese remark of (w - 1) full lines.
    const lines = weights.map((w) => ({ name: 'x', remark: w > 1 ? '中'.repeat((w - 1) * 24 - 2) : '', held: false, w }));
    expect(ticketParts(lines).map((p) => p.map((l) => l.w))).toEqual(expected);
  });
});
