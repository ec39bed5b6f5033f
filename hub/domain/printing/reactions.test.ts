import { describe, expect, it } from 'vitest';
import { jobPayloads, SALE_NOTE, type CommandPayload, type CommandType, type State } from '#protocol';
import { MemoryJobs } from '../jobs/memory-jobs.ts';
import { addLines, ctxAt, exec, NO_CUSTOMER, openTable, P, T, uid } from '../test-fixtures.ts';
import { createdJobs, paperText, printer, ST, stationMenu, summary, withPrinters } from './test-printers.ts';

/**
 * Which printouts each event causes, to which printers, with which lines
 * (hub/domain/printing/README.md "Routing"). Every job is created by the
 * same decision as its cause.
 */

const ORDER = uid(1);
const CEVICHE = uid(101);
const CHICHA = uid(102);
const LOMO = uid(103);

/** An order at S1 with 2 ceviche (kitchen) and 1 chicha (bar), sent, in a restaurant with these printers; with the send's events. */
function sentOrderStep(printers: Parameters<typeof withPrinters>[1]) {
  let s = withPrinters(stationMenu(), printers);
  s = openTable(s, T.s1, ORDER, 3);
  s = addLines(s, ORDER, [
    { lineId: CEVICHE, productId: P.ceviche.id, qty: 2, remark: 'sin ají' },
    { lineId: CHICHA, productId: P.chicha.id, qty: 1 },
  ]);
  return exec(s, 'order.send', { orderId: ORDER });
}

function sentOrder(printers: Parameters<typeof withPrinters>[1]): State {
  return sentOrderStep(printers).state;
}

function jobsOf<K extends CommandType>(state: State, type: K, payload: CommandPayload<K>) {
  return createdJobs(exec(state, type, payload).events);
}

const kitchen = printer('pr-cocina', { stations: [ST.kitchen] });
const bar = printer('pr-bar', { stations: [ST.bar], language: 'zh' });
const cashier = printer('pr-caja', { receipts: true, prebills: true, drawer: true });
const screen = printer('pr-pantalla', { connection: { type: 'screen' }, stations: [ST.kitchen] });

describe('sending to the kitchen', () => {
  const cases: { name: string; printers: Parameters<typeof withPrinters>[1]; expected: ReturnType<typeof summary>[] }[] = [
    {
      name: 'a fresh store: both stations on the virtual printer',
      printers: [],
      expected: [
        { printer: 'virtual', purpose: 'kitchen', station: ST.kitchen, marker: 'new', lines: ['2 Plato 101'] },
        { printer: 'virtual', purpose: 'kitchen', station: ST.bar, marker: 'new', lines: ['1 Plato 401'] },
      ],
    },
    {
      name: 'two stations, a kitchen and a bar printer (Chinese): one ticket each, the virtual one prints nothing',
      printers: [kitchen, bar, cashier],
      expected: [
        { printer: 'pr-cocina', purpose: 'kitchen', station: ST.kitchen, marker: 'new', lines: ['2 Plato 101'] },
        { printer: 'pr-bar', purpose: 'kitchen', station: ST.bar, marker: 'new', lines: ['1 菜 401'] },
      ],
    },
    {
      name: 'a station no printer prints (the bar): its ticket goes to the receipt printer, the kitchen fallback',
      printers: [kitchen, cashier],
      expected: [
        { printer: 'pr-cocina', purpose: 'kitchen', station: ST.kitchen, marker: 'new', lines: ['2 Plato 101'] },
        { printer: 'pr-caja', purpose: 'kitchen', station: ST.bar, marker: 'new', lines: ['1 Plato 401'] },
      ],
    },
    {
      name: 'a kitchen screen gets the same ticket as the kitchen printer',
      printers: [kitchen, screen],
      expected: [
        { printer: 'pr-cocina', purpose: 'kitchen', station: ST.kitchen, marker: 'new', lines: ['2 Plato 101'] },
        { printer: 'pr-pantalla', purpose: 'kitchen', station: ST.kitchen, marker: 'new', lines: ['2 Plato 101'] },
        // Nothing prints the bar and no printer takes receipts: the first real printer is the fallback.
        { printer: 'pr-cocina', purpose: 'kitchen', station: ST.bar, marker: 'new', lines: ['1 Plato 401'] },
      ],
    },
  ];
  it.each(cases)('$name', ({ printers, expected }) => {
    let s = withPrinters(stationMenu(), printers);
    s = openTable(s, T.s1, ORDER, 3);
    s = addLines(s, ORDER, [
      { lineId: CEVICHE, productId: P.ceviche.id, qty: 2 },
      { lineId: CHICHA, productId: P.chicha.id, qty: 1 },
    ]);
    expect(jobsOf(s, 'order.send', { orderId: ORDER }).map(summary)).toEqual(expected);
  });

  it('a kitchen screen and no paper printer: the kitchen to the screen, the bar (no target) to the virtual printer', () => {
    let s = withPrinters(stationMenu(), [screen]);
    s = openTable(s, T.s1, ORDER, 3);
    s = addLines(s, ORDER, [
      { lineId: CEVICHE, productId: P.ceviche.id, qty: 2 },
      { lineId: CHICHA, productId: P.chicha.id, qty: 1 },
    ]);
    expect(jobsOf(s, 'order.send', { orderId: ORDER }).map((j) => `${summary(j).printer} ${summary(j).station}`)).toEqual([`pr-pantalla ${ST.kitchen}`, `virtual ${ST.bar}`]);
  });

  it('every job made fits the job payload schema of its kind (the contract the runner and the screens read)', () => {
    const sent = sentOrderStep([kitchen, bar, cashier, screen]);
    const s = sent.state;
    const jobs = [
      ...createdJobs(sent.events),
      ...jobsOf(s, 'order.prebill', { orderId: ORDER }),
      ...jobsOf(s, 'order.settle', { orderId: ORDER, payments: [{ method: 'cash', amountCents: 10_000 }], document: SALE_NOTE, print: true }),
      ...jobsOf(s, 'printer.testPrint', { printerId: 'pr-caja' }),
      ...jobsOf(s, 'printer.setupSlip', {}),
      ...jobsOf(s, 'order.withdraw', { orderId: ORDER, reason: 'x' }),
    ];
    expect(jobs.length).toBeGreaterThan(8);
    for (const job of jobs) expect(jobPayloads[job.kind].safeParse(job.payload).error).toBeUndefined();
  });

  it('a second send prints only the new lines', () => {
    const s = addLines(sentOrder([kitchen, bar]), ORDER, [{ lineId: LOMO, productId: P.lomo.id, qty: 1 }]);
    expect(jobsOf(s, 'order.send', { orderId: ORDER }).map(summary)).toEqual([
      { printer: 'pr-cocina', purpose: 'kitchen', station: ST.kitchen, marker: 'new', lines: ['1 Plato 201'] },
    ]);
  });

  it('sending in the same command as adding (order.addLines with send) prints the ticket too', () => {
    const s = openTable(withPrinters(stationMenu(), [kitchen]), T.s2, uid(2));
    const jobs = jobsOf(s, 'order.addLines', { orderId: uid(2), lines: [{ lineId: uid(201), productId: P.lomo.id, qty: 1, remark: '' }], send: true });
    expect(jobs.map(summary)).toEqual([{ printer: 'pr-cocina', purpose: 'kitchen', station: ST.kitchen, marker: 'new', lines: ['1 Plato 201'] }]);
  });

  it('a dish without a station goes to every printer that prints a station', () => {
    let s = openTable(withPrinters(stationMenu(), [kitchen, bar, cashier]), T.s2, uid(2));
    s = exec(s, 'order.addCustomDish', { orderId: uid(2), lineId: uid(201), name: 'Tortilla', priceCents: 1500, qty: 1, unit: 'porción', remark: '' }).state;
    expect(jobsOf(s, 'order.send', { orderId: uid(2) }).map((j) => summary(j).printer)).toEqual(['pr-bar', 'pr-cocina']);
  });

  it('the ticket carries table, order number, waiter, people, Lima time, remark, and the job ids derive from the command', () => {
    let s = withPrinters(stationMenu(), [kitchen]);
    s = openTable(s, T.s1, ORDER, 3);
    s = addLines(s, ORDER, [{ lineId: CEVICHE, productId: P.ceviche.id, qty: 2, remark: 'sin ají' }]);
    const step = exec(s, 'order.send', { orderId: ORDER });
    const [job] = createdJobs(step.events);
    expect(job?.kind).toBe('print');
    if (job?.kind !== 'print') return;
    expect(job.payload.ticket).toMatchObject({ table: 'S1', orderNo: 1, people: 3, stationName: 'Cocina', lines: [{ lineId: CEVICHE, qty: 2, remark: 'sin ají', held: false }] });
    // NOW is 19:30 UTC: 14:30 in Lima.
    expect(paperText(job)).toContain('14:30');
    expect(paperText(job)).toContain('sin ají');
    expect(job.id).toMatch(/\.0$/);
  });
});

describe('kitchen actions on sent lines: a ticket with their marker to the stations concerned', () => {
  const cases: { name: string; run: (s: State) => ReturnType<typeof exec>; marker: string; lines: string[]; reason?: string; printers?: string[] }[] = [
    { name: 'hold', run: (s) => exec(s, 'order.holdLines', { orderId: ORDER, lineIds: [CEVICHE] }), marker: 'hold', lines: ['2 Plato 101'] },
    {
      name: 'fire',
      run: (s) => exec(exec(s, 'order.holdLines', { orderId: ORDER, lineIds: [CEVICHE] }).state, 'order.fire', { orderId: ORDER }),
      marker: 'fire',
      lines: ['2 Plato 101'],
    },
    { name: 'expedite both stations', run: (s) => exec(s, 'order.rush', { orderId: ORDER }), marker: 'expedite', lines: ['2 Plato 101', '1 菜 401'], printers: ['pr-cocina', 'pr-bar'] },
    { name: 'return', run: (s) => exec(s, 'order.returnLine', { orderId: ORDER, lineId: CEVICHE, qty: 1, reason: 'frío' }), marker: 'return', lines: ['1 Plato 101'], reason: 'frío' },
    { name: 'cancel', run: (s) => exec(s, 'order.cancelLine', { orderId: ORDER, lineId: CHICHA, qty: 1, reason: 'se fue' }), marker: 'cancel', lines: ['1 菜 401'], reason: 'se fue', printers: ['pr-bar'] },
    { name: 'remark', run: (s) => exec(s, 'order.setRemark', { orderId: ORDER, lineId: CEVICHE, remark: 'bien cocido' }), marker: 'remark', lines: ['2 Plato 101'] },
    {
      name: 'withdraw the order',
      run: (s) => exec(s, 'order.withdraw', { orderId: ORDER, reason: 'cliente se retiró' }),
      marker: 'withdraw',
      lines: ['2 Plato 101', '1 菜 401'],
      reason: 'cliente se retiró',
      printers: ['pr-cocina', 'pr-bar'],
    },
  ];
  it.each(cases)('$name', ({ run, marker, lines, reason, printers }) => {
    const jobs = createdJobs(run(sentOrder([kitchen, bar])).events).filter((j) => j.kind === 'print' && j.payload.ticket?.marker !== 'new');
    expect(jobs.map((j) => summary(j).printer)).toEqual(printers ?? ['pr-cocina']);
    expect(jobs.flatMap((j) => summary(j).lines)).toEqual(lines);
    expect(jobs.every((j) => summary(j).marker === marker)).toBe(true);
    for (const j of jobs) if (j.kind === 'print') expect(j.payload.ticket?.reason).toBe(reason ?? '');
  });

  it('the ORDER VOID ticket names the waiter who opened the order, not the owner who withdrew it (issue 19 item 14)', () => {
    const person = (id: string, name: string) => ({ id, name, roleId: 'owner', disabled: false }) as unknown as State['staff'][string];
    let s = sentOrder([kitchen]);
    s = { ...s, staff: { ...s.staff, 'staff-1': person('staff-1', 'Ana Mozo'), 'staff-owner': person('staff-owner', 'Rosa Quispe') } };
    const step = exec(s, 'order.withdraw', { orderId: ORDER, reason: 'cliente se retiró' }, ctxAt(undefined, 'staff-owner'));
    const tickets = createdJobs(step.events).filter((j) => j.kind === 'print' && j.payload.ticket?.marker === 'withdraw');
    expect(tickets.length).toBeGreaterThan(0);
    for (const j of tickets) {
      if (j.kind !== 'print') continue;
      expect(j.payload.ticket?.waiter).toBe('Ana Mozo');
      expect(paperText(j)).toContain('Ana Mozo');
      expect(paperText(j)).not.toContain('Rosa Quispe');
    }
    // The archive still records who withdrew it.
    const withdrawn = step.events.find((e) => e.type === 'order.withdrawn');
    expect(withdrawn?.type === 'order.withdrawn' && withdrawn.bill.operator).toBe('staff-owner');
  });

  it.each<[string, string | null, string]>([
    // First-day test: the owner marked the reservation's arrival (opening the table); the waiter ordered and sent.
    ['the waiter who sent, not the owner who opened the table', 'staff-waiter', 'Li Wei'],
    ['the opener when the send names nobody (a device without a person)', null, 'Ana Ríos'],
  ])('a kitchen ticket names %s', (_, sender, waiter) => {
    const person = (id: string, name: string) => ({ id, name, roleId: 'owner', disabled: false }) as unknown as State['staff'][string];
    let s = withPrinters(stationMenu(), [kitchen]);
    s = { ...s, staff: { ...s.staff, 'staff-owner': person('staff-owner', 'Ana Ríos'), 'staff-waiter': person('staff-waiter', 'Li Wei') } };
    s = exec(s, 'table.open', { tableId: T.s1, orderId: ORDER, people: 3, customer: NO_CUSTOMER }, ctxAt(undefined, 'staff-owner')).state;
    const step = exec(s, 'order.addLines', { orderId: ORDER, lines: [{ lineId: CEVICHE, productId: P.ceviche.id, qty: 1, remark: '' }], send: true }, ctxAt(undefined, sender));
    const tickets = createdJobs(step.events).filter((j) => j.kind === 'print' && j.payload.ticket?.marker === 'new');
    expect(tickets.length).toBeGreaterThan(0);
    for (const j of tickets) {
      if (j.kind !== 'print') continue;
      expect(j.payload.ticket?.waiter).toBe(waiter);
      expect(paperText(j)).toContain(waiter);
    }
  });

  it('a remark on a line not yet sent, and a hold of an unsent line, print nothing', () => {
    let s = openTable(withPrinters(stationMenu(), [kitchen]), T.s2, uid(2));
    s = addLines(s, uid(2), [{ lineId: uid(201), productId: P.lomo.id, qty: 1 }]);
    expect(createdJobs(exec(s, 'order.setRemark', { orderId: uid(2), lineId: uid(201), remark: 'sin sal' }).events)).toEqual([]);
    expect(createdJobs(exec(s, 'order.holdLines', { orderId: uid(2), lineIds: [uid(201)] }).events)).toEqual([]);
  });

  it('a gift prints nothing for the kitchen', () => {
    const s = sentOrder([kitchen, bar]);
    expect(createdJobs(exec(s, 'order.giftLine', { orderId: ORDER, lineId: CEVICHE, qty: 1, reason: 'cumpleaños' }).events)).toEqual([]);
  });
});

describe('pre-bill, receipt and cash drawer', () => {
  const settle = (s: State, method: 'cash' | 'visa', print: boolean) =>
    createdJobs(exec(s, 'order.settle', { orderId: ORDER, payments: [method === 'cash' ? { method, amountCents: 10_000 } : { method, amountCents: 7000 }], document: SALE_NOTE, print }).events);

  const cases: { name: string; printers: Parameters<typeof withPrinters>[1]; method: 'cash' | 'visa'; print: boolean; expected: ReturnType<typeof summary>[] }[] = [
    { name: 'cash, print: receipt and a drawer kick', printers: [cashier], method: 'cash', print: true, expected: [{ printer: 'pr-caja', purpose: 'receipt' }, { printer: 'virtual', purpose: 'receipt' }, { printer: 'pr-caja', purpose: 'drawer' }] },
    { name: 'cash, no print: the kick only', printers: [cashier], method: 'cash', print: false, expected: [{ printer: 'pr-caja', purpose: 'drawer' }] },
    { name: 'card, print: a receipt, no kick', printers: [cashier], method: 'visa', print: true, expected: [{ printer: 'pr-caja', purpose: 'receipt' }, { printer: 'virtual', purpose: 'receipt' }] },
    { name: 'cash with no printer that has a drawer: no kick', printers: [], method: 'cash', print: true, expected: [{ printer: 'virtual', purpose: 'receipt' }] },
  ];
  it.each(cases)('$name', ({ printers, method, print, expected }) => {
    expect(settle(sentOrder(printers), method, print).map(summary)).toEqual(expected);
  });

  it('once the virtual printer is set to print no receipts, only the real one prints them', () => {
    const s = withPrinters(sentOrder([cashier]), [{ ...printer('virtual'), connection: { type: 'virtual' }, name: 'Virtual' }]);
    expect(settle(s, 'visa', true).map(summary)).toEqual([{ printer: 'pr-caja', purpose: 'receipt' }]);
  });

  it('a pre-bill goes to the printers that print pre-bills', () => {
    expect(jobsOf(sentOrder([cashier, kitchen]), 'order.prebill', { orderId: ORDER }).map(summary)).toEqual([
      { printer: 'pr-caja', purpose: 'prebill' },
      { printer: 'virtual', purpose: 'prebill' },
    ]);
  });

  it('the footer button kicks the drawer, with its reason; without a drawer, nothing', () => {
    const jobs = jobsOf(withPrinters(stationMenu(), [cashier]), 'drawer.open', { reason: 'cambio' });
    expect(jobs.map((j) => j.payload)).toEqual([{ printerId: 'pr-caja', reason: 'cambio' }]);
    expect(jobsOf(stationMenu(), 'drawer.open', {})).toEqual([]);
  });
});

describe('printouts asked for by hand', () => {
  it('test page, setup slip (on the receipt printer), reprint marked and pointing at its original', () => {
    const s = withPrinters(stationMenu(), [cashier, kitchen]);
    const [test] = jobsOf(s, 'printer.testPrint', { printerId: 'pr-cocina' });
    expect(test && summary(test)).toEqual({ printer: 'pr-cocina', purpose: 'test' });
    const [slip] = jobsOf(s, 'printer.setupSlip', {});
    expect(slip && summary(slip)).toEqual({ printer: 'pr-caja', purpose: 'setupSlip' });
  });

  it('a reprint is the same paper with REPRINT on top, on the printer asked for, and a reprint of it is not marked twice', () => {
    // The reprint reads its original from the hub's job table (here a small in-memory one fed every step's events).
    const jobs = new MemoryJobs();
    const run = <K extends CommandType>(state: State, type: K, payload: CommandPayload<K>) => {
      const step = exec(state, type, payload, { ...ctxAt(), jobs });
      jobs.apply(step.events);
      return step;
    };
    const sent = sentOrderStep([kitchen, printer('pr-cocina2', { stations: [ST.kitchen], language: 'en' })]);
    jobs.apply(sent.events);
    const original = jobs.values().find((j) => j.kind === 'print' && j.payload.printerId === 'pr-cocina');
    if (!original || original.kind !== 'print') throw new Error('no ticket');
    const failed = run(run(sent.state, 'job.start', { jobId: original.id }).state, 'job.finish', { jobId: original.id, outcome: { ok: false, canRetry: false, reason: 'PAPER_OUT' } }).state;
    const step = run(failed, 'print.reprint', { jobId: original.id, printerId: 'pr-cocina2' });
    const [again] = createdJobs(step.events);
    if (!again || again.kind !== 'print') throw new Error('no reprint');
    expect(again.payload.printerId).toBe('pr-cocina2');
    expect(again.payload.reprintOf).toBe(original.id);
    expect(again.payload.document.blocks[0]).toMatchObject({ kind: 'text', text: 'REPRINT', invert: true });
    expect(again.payload.document.blocks.slice(1)).toEqual(original.payload.document.blocks);
    // Reprinting the reprint (once it failed too) does not stack a second mark.
    const s2 = run(run(step.state, 'job.start', { jobId: again.id }).state, 'job.finish', { jobId: again.id, outcome: { ok: false, canRetry: false, reason: 'PAPER_OUT' } }).state;
    const [third] = createdJobs(run(s2, 'print.reprint', { jobId: again.id }).events);
    if (!third || third.kind !== 'print') throw new Error('no second reprint');
    expect(third.payload.document.blocks).toEqual(again.payload.document.blocks);
  });
});

