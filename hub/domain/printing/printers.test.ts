import { describe, expect, it } from 'vitest';
import { commandPayloads, VIRTUAL_PRINTER, type Command, type CommandPayload, type CommandType, type ErrorCode, type Printer, type State } from '#protocol';
import { applyAll } from '../apply.ts';
import { decide } from '../decide.ts';
import { MemoryJobs } from '../jobs/memory-jobs.ts';
import { emptyState } from '../registry.ts';
import { command, ctxAt, deepFreeze, exec, P, T, uid, addLines, openTable, LATER } from '../test-fixtures.ts';
import { createdJobs, printer, ST, stationMenu, withPrinters } from './test-printers.ts';

/** The printer commands' rules: every refusal with hostile input, and nothing changed by it. */

const kitchen = printer('pr-cocina', { stations: [ST.kitchen] });
const screen = printer('pr-pantalla', { connection: { type: 'screen' }, stations: [ST.kitchen] });

function base(): State {
  return deepFreeze(withPrinters(stationMenu(), [kitchen, screen]));
}

describe('a fresh store', () => {
  it('has the virtual printer, printing receipts and pre-bills, and no status yet', () => {
    expect(emptyState().printers).toEqual({ virtual: VIRTUAL_PRINTER });
    expect(emptyState().printerStatus).toEqual({});
  });
});

describe('refusals change nothing', () => {
  const cases: { name: string; cmd: Command; code: ErrorCode }[] = [
    { name: 'a name another printer has (any case)', cmd: command('printer.save', { printer: printer('pr-x', { name: 'PR-COCINA' }) }), code: 'PRINTER_NAME_TAKEN' },
    { name: 'an address and port another printer has', cmd: command('printer.save', { printer: { ...printer('pr-x'), connection: kitchen.connection } }), code: 'PRINTER_ADDRESS_TAKEN' },
    { name: 'a USB device another printer has', cmd: command('printer.save', { printer: printer('pr-u2', { connection: { type: 'usb', path: '/dev/usb/lp0' } }) }), code: 'PRINTER_ADDRESS_TAKEN' },
    { name: 'a station the menu does not have', cmd: command('printer.save', { printer: printer('pr-x', { stations: ['st-nope'] }) }), code: 'UNKNOWN_STATION' },
    { name: 'a screen that prints receipts', cmd: command('printer.save', { printer: { ...screen, receipts: true } }), code: 'PRINTER_IS_SCREEN' },
    { name: 'a screen with a drawer', cmd: command('printer.save', { printer: { ...screen, drawer: true } }), code: 'PRINTER_IS_SCREEN' },
    { name: 'removing a printer that does not exist', cmd: command('printer.remove', { printerId: 'pr-nope' }), code: 'PRINTER_NOT_FOUND' },
    { name: 'a test page on a printer that does not exist', cmd: command('printer.testPrint', { printerId: 'pr-nope' }), code: 'PRINTER_NOT_FOUND' },
    { name: 'a setup slip on a screen', cmd: command('printer.setupSlip', { printerId: 'pr-pantalla' }), code: 'PRINTER_IS_SCREEN' },
    { name: 'a reprint of a job that is not there', cmd: command('print.reprint', { jobId: 'x.0' }), code: 'NOT_FOUND' },
    { name: 'a status of a printer that does not exist', cmd: command('printer.reportStatus', { printerId: 'pr-nope', status: { state: 'ok' } }), code: 'PRINTER_NOT_FOUND' },
  ];
  it.each(cases)('$name: $code', ({ cmd, code }) => {
    let s = base();
    s = deepFreeze(withPrinters(s, [printer('pr-u1', { connection: { type: 'usb', path: '/dev/usb/lp0' } })]));
    const d = decide(s, cmd, ctxAt());
    expect(d).toMatchObject({ ok: false, code });
  });

  it('__proto__ and other reserved names are refused as printer ids by the payload schema', () => {
    for (const id of ['__proto__', 'constructor', 'toString']) {
      expect(commandPayloads['printer.save'].safeParse({ printer: { ...kitchen, id } }).success).toBe(false);
      expect(commandPayloads['printer.remove'].safeParse({ printerId: id }).success).toBe(false);
      expect(commandPayloads['printer.save'].safeParse({ printer: { ...kitchen, stations: [id] } }).success).toBe(false);
    }
    expect(commandPayloads['printer.save'].safeParse({ printer: { ...kitchen, connection: { type: 'usb', path: '/dev/sda' } } }).success).toBe(false);
  });

  it('a reprint of a job still waiting to print, or of a drawer kick, is refused', () => {
    let s = withPrinters(stationMenu(), [kitchen, printer('pr-caja', { receipts: true, drawer: true })]);
    s = openTable(s, T.s1, uid(1));
    s = addLines(s, uid(1), [{ lineId: uid(101), productId: P.ceviche.id, qty: 1 }]);
    // The jobs live in the hub's job table: here a small in-memory one fed every step's events.
    const jobs = new MemoryJobs();
    const ctx = { ...ctxAt(), jobs };
    const run = <K extends CommandType>(state: State, type: K, payload: CommandPayload<K>) => {
      const step = exec(state, type, payload, ctx);
      jobs.apply(step.events);
      return step;
    };
    const sent = run(s, 'order.send', { orderId: uid(1) });
    const [ticket] = createdJobs(sent.events);
    expect(decide(sent.state, command('print.reprint', { jobId: ticket!.id }), ctx)).toMatchObject({ ok: false, code: 'JOB_NOT_REPRINTABLE' });
    const opened = run(sent.state, 'drawer.open', {});
    const kick = createdJobs(opened.events)[0]!;
    const stuck = run(run(opened.state, 'job.start', { jobId: kick.id }).state, 'job.finish', { jobId: kick.id, outcome: { ok: false, canRetry: false, reason: 'UNREACHABLE' } }).state;
    expect(decide(stuck, command('print.reprint', { jobId: kick.id }), ctx)).toMatchObject({ ok: false, code: 'JOB_NOT_REPRINTABLE' });
    expect(decide(stuck, command('print.reprint', { jobId: '__proto__' }), ctx)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});

describe('saving, removing, status', () => {
  it('saving the same printer again keeps its name and address; stations listed twice are kept once', () => {
    const again = exec(base(), 'printer.save', { printer: { ...kitchen, stations: [ST.kitchen, ST.kitchen, ST.bar] } });
    expect(again.state.printers['pr-cocina']?.stations).toEqual([ST.kitchen, ST.bar]);
  });

  it('a printer is removed with its status, even with jobs still waiting for it (they fail NO_PRINTER at the runner)', () => {
    let s = exec(base(), 'printer.reportStatus', { printerId: 'pr-cocina', status: { state: 'retryLater', reason: 'UNREACHABLE' } }).state;
    s = openTable(s, T.s1, uid(1));
    s = addLines(s, uid(1), [{ lineId: uid(101), productId: P.ceviche.id, qty: 1 }]);
    const sent = exec(s, 'order.send', { orderId: uid(1) });
    const jobs = new MemoryJobs().apply(sent.events);
    const removed = exec(sent.state, 'printer.remove', { printerId: 'pr-cocina' }, { ...ctxAt(), jobs });
    const after = removed.state;
    expect(Object.hasOwn(after.printers, 'pr-cocina')).toBe(false);
    expect(Object.hasOwn(after.printerStatus, 'pr-cocina')).toBe(false);
    // The jobs (the hub's table) are untouched by the removal: they wait, and fail NO_PRINTER at the runner.
    expect(jobs.apply(removed.events).values().filter((j) => j.status === 'pending')).toHaveLength(2);
  });

  it('a status is recorded when it changes, with its time; the same status again records nothing', () => {
    const status = { state: 'needsPerson', reason: 'PAPER_OUT' } as const;
    const first = exec(base(), 'printer.reportStatus', { printerId: 'pr-cocina', status }, ctxAt(LATER));
    expect(first.state.printerStatus['pr-cocina']).toEqual({ status, since: LATER });
    expect(exec(first.state, 'printer.reportStatus', { printerId: 'pr-cocina', status }).events).toEqual([]);
    expect(exec(first.state, 'printer.reportStatus', { printerId: 'pr-cocina', status: { state: 'ok' } }).events).toHaveLength(1);
  });

  it('the same command decided twice makes the same jobs (ids derive from the command)', () => {
    const cmd = command('printer.testPrint', { printerId: 'pr-cocina' });
    const a = decide(base(), cmd, ctxAt());
    const b = decide(base(), cmd, ctxAt());
    expect(a).toEqual(b);
  });
});

describe('replay', () => {
  it('applying every event of a day with printers gives the same state as deciding it', () => {
    const cmds: Command[] = [
      command('printer.save', { printer: kitchen }),
      command('printer.save', { printer: printer('pr-caja', { receipts: true, prebills: true, drawer: true }) }),
      command('printer.reportStatus', { printerId: 'pr-caja', status: { state: 'retryLater', reason: 'UNREACHABLE' } }),
      command('printer.testPrint', { printerId: 'pr-caja' }),
      command('printer.setupSlip', {}),
      command('drawer.open', { reason: 'sencillo' }),
      command('printer.reportStatus', { printerId: 'pr-caja', status: { state: 'ok' } }),
      command('printer.save', { printer: { ...VIRTUAL_PRINTER, receipts: false } as Printer }),
      command('printer.remove', { printerId: 'pr-cocina' }),
    ];
    let s = stationMenu();
    const start = s;
    const events = [];
    for (const c of cmds) {
      const d = decide(s, c, ctxAt());
      if (!d.ok) throw new Error(`${c.type}: ${d.code}`);
      s = applyAll(s, d.events);
      events.push(...d.events);
    }
    expect(applyAll(start, events)).toEqual(s);
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set(['printer.saved', 'printer.statusChanged', 'printer.testRequested', 'printer.setupSlipRequested', 'drawer.opened', 'printer.removed', 'job.created']),
    );
  });
});
