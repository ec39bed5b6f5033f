import { describe, expect, it } from 'vitest';
import type { CommandPayload, LinePreset, State } from '#protocol';
import { parseCommand } from '../../protocol/parse-command.ts';
import { packState, unpackState } from '../../protocol/snapshot-codec.ts';
import { createdJobs, paperText, printer, ST, stationMenu, withPrinters } from '../printing/test-printers.ts';
import { decideOn, exec, openTable, orderAt, P, T, uid } from '../test-fixtures.ts';
import { remarkText } from './remarks.ts';

/**
 * Issue 18 items 8 and 10: a dish's remarks are presets picked by id (kept
 * with their names) and a free text. Each kitchen printer prints the presets
 * in its own language; refusals change nothing.
 */

const ORDER = uid(1);
const CEVICHE = uid(101);
const NEW_LINE = uid(300);
const NOT_SPICY: LinePreset = { id: 'notSpicy', names: { es: 'Sin picante', en: 'Not spicy', zh: '不辣' } };
const NO_ONION: LinePreset = { id: 'noOnion', names: { es: 'Sin cebolla', en: 'No onion', zh: '不要葱' } };

const addOne = (remarkIds: string[] | undefined, remark = ''): CommandPayload<'order.addLines'> => ({
  orderId: ORDER,
  lines: [{ lineId: NEW_LINE, productId: P.lomo.id, qty: 1, remark, ...(remarkIds ? { remarkIds } : {}) }],
});
const lineOf = (s: State, id: string) => s.orders[ORDER]!.lines.find((l) => l.id === id)!;

describe('remarks: presets by id and a free text', () => {
  it.each([
    { name: 'presets only', ids: ['notSpicy'], text: '', presets: [NOT_SPICY] },
    { name: 'presets and free text', ids: ['notSpicy', 'noOnion'], text: 'término medio', presets: [NOT_SPICY, NO_ONION] },
    { name: 'free text only: no presets field at all (the old shape)', ids: undefined, text: 'término medio', presets: undefined },
    { name: 'an empty list is none', ids: [], text: '', presets: undefined },
  ])('order.addLines: $name', ({ ids, text, presets }) => {
    const s = exec(orderAt('open'), 'order.addLines', addOne(ids, text)).state;
    const line = lineOf(s, NEW_LINE);
    expect(line.remark).toBe(text);
    expect(line.presets).toEqual(presets);
    if (presets === undefined) expect(Object.hasOwn(line, 'presets')).toBe(false);
  });

  it.each([
    { name: 'an id the restaurant does not have', ids: ['ghost'], code: 'NOT_FOUND' },
    { name: 'a prototype name as an id', ids: ['__proto__'], code: 'NOT_FOUND' },
    { name: 'constructor', ids: ['constructor'], code: 'NOT_FOUND' },
    { name: 'the same id twice', ids: ['notSpicy', 'notSpicy'], code: 'INCORRECT_INPUT' },
  ])('order.addLines refuses $name, and nothing changes', ({ ids, code }) => {
    const s = orderAt('open');
    const before = structuredClone(s);
    const d = decideOn(s, 'order.addLines', addOne(ids));
    expect(d.ok ? 'ok' : d.code).toBe(code);
    expect(s).toEqual(before);
  });

  it('the protocol bounds them: more than 10 presets, a free text past 140 characters, a non-string id', () => {
    const envelope = (payload: unknown) => ({ id: crypto.randomUUID(), type: 'order.addLines', payload, deviceId: 'd', at: new Date().toISOString() });
    const line = { lineId: crypto.randomUUID(), productId: P.lomo.id, qty: 1, remark: '' };
    expect(parseCommand(envelope({ orderId: ORDER, lines: [{ ...line, remarkIds: Array.from({ length: 11 }, (_, i) => `r${i}`) }] })).ok).toBe(false);
    expect(parseCommand(envelope({ orderId: ORDER, lines: [{ ...line, remark: 'x'.repeat(141) }] })).ok).toBe(false);
    expect(parseCommand(envelope({ orderId: ORDER, lines: [{ ...line, remarkIds: [{ $ne: 1 }] }] })).ok).toBe(false);
    expect(parseCommand(envelope({ orderId: ORDER, lines: [{ ...line, remark: '<img src=x onerror=alert(1)>\u001b@', remarkIds: ['notSpicy'] }] })).ok).toBe(true);
  });

  it('order.setRemark sets presets and text; the same again is refused; clearing the presets leaves the old shape', () => {
    let s = orderAt('sent');
    s = exec(s, 'order.setRemark', { orderId: ORDER, lineId: CEVICHE, remark: 'poco limón', remarkIds: ['noOnion'] }).state;
    expect(lineOf(s, CEVICHE)).toMatchObject({ remark: 'poco limón', presets: [NO_ONION] });
    const before = structuredClone(s);
    const again = decideOn(s, 'order.setRemark', { orderId: ORDER, lineId: CEVICHE, remark: 'poco limón', remarkIds: ['noOnion'] });
    expect(again.ok ? 'ok' : again.code).toBe('INCORRECT_INPUT');
    const ghost = decideOn(s, 'order.setRemark', { orderId: ORDER, lineId: CEVICHE, remark: '', remarkIds: ['ghost'] });
    expect(ghost.ok ? 'ok' : ghost.code).toBe('NOT_FOUND');
    expect(s).toEqual(before);
    s = exec(s, 'order.setRemark', { orderId: ORDER, lineId: CEVICHE, remark: 'poco limón' }).state;
    expect(Object.hasOwn(lineOf(s, CEVICHE), 'presets')).toBe(false);
  });

  it('a reorder copies the presets the restaurant still has', () => {
    let s = exec(orderAt('open'), 'order.addLines', addOne(['notSpicy', 'noOnion'], 'término medio')).state;
    s = exec(s, 'menu.saveRemarks', { remarks: s.menuSettings.remarks.filter((r) => r.id !== 'noOnion') }).state;
    s = exec(s, 'order.reorder', { orderId: ORDER, lines: [{ fromLineId: NEW_LINE, lineId: uid(301) }] }).state;
    expect(lineOf(s, uid(301))).toMatchObject({ remark: 'término medio', presets: [NOT_SPICY] });
    // The first line keeps the deleted preset with its names: its tickets still print it.
    expect(lineOf(s, NEW_LINE).presets).toEqual([NOT_SPICY, NO_ONION]);
  });

  it('a hung-up order keeps the presets by id and its table\'s order gets them when it is seated; an unknown id is refused', () => {
    const s0 = orderAt('open');
    const parkedId = uid(700);
    const line = { lineId: uid(701), productId: P.lomo.id, specId: null, qty: 1, remark: 'término medio', remarkIds: ['notSpicy'] };
    const before = structuredClone(s0);
    const ghost = decideOn(s0, 'pending.hangUp', { parkedId, label: 'Sr. Pérez', people: 2, lines: [{ ...line, remarkIds: ['ghost'] }] });
    expect(ghost.ok ? 'ok' : ghost.code).toBe('NOT_FOUND');
    expect(s0).toEqual(before);
    let s = exec(s0, 'pending.hangUp', { parkedId, label: 'Sr. Pérez', people: 2, lines: [line] }).state;
    expect(s.parked[parkedId]!.lines[0]).toMatchObject({ remark: 'término medio', remarkIds: ['notSpicy'] });
    s = exec(s, 'pending.resume', { parkedId, tableId: T.s2, orderId: uid(702) }).state;
    expect(s.orders[uid(702)]!.lines[0]).toMatchObject({ remark: 'término medio', presets: [NOT_SPICY] });
  });

  it('the packed snapshot keeps a line\'s presets, and a line without them stays without the field (no migration needed)', () => {
    let s = exec(orderAt('ordered'), 'order.addLines', addOne(['notSpicy'], 'término medio')).state;
    s = JSON.parse(JSON.stringify(s)) as State;
    const back = unpackState(JSON.parse(JSON.stringify(packState(s))) as ReturnType<typeof packState>);
    expect(back.orders[ORDER]).toEqual(s.orders[ORDER]);
    expect(Object.hasOwn(lineOf(back, CEVICHE), 'presets')).toBe(false);
    expect(lineOf(back, NEW_LINE).presets).toEqual([NOT_SPICY]);
  });

  it.each([
    ['es', 'Sin picante, Sin cebolla, término medio'],
    ['en', 'Not spicy, No onion, término medio'],
    ['zh', '不辣, 不要葱, término medio'],
  ] as const)('remarkText in %s', (lang, text) => {
    expect(remarkText({ remark: 'término medio', presets: [NOT_SPICY, NO_ONION] }, lang)).toBe(text);
  });

  it('a preset without a name in the language reads in Spanish; a line of before issue 18 reads its text', () => {
    expect(remarkText({ remark: '', presets: [{ id: 'x', names: { es: 'Bien cocido', en: '', zh: '' } }] }, 'zh')).toBe('Bien cocido');
    expect(remarkText({ remark: 'sin ají' }, 'zh')).toBe('sin ají');
  });

  it('a Chinese waiter picks 不辣: the Spanish kitchen printer prints "Sin picante", the Chinese bar printer 不辣', () => {
    let s = withPrinters(stationMenu(), [printer('pr-cocina', { stations: [ST.kitchen], language: 'es' }), printer('pr-bar', { stations: [ST.bar], language: 'zh' })]);
    s = openTable(s, T.s1, ORDER, 2);
    const jobs = createdJobs(
      exec(s, 'order.addLines', {
        orderId: ORDER,
        lines: [
          { lineId: uid(401), productId: P.lomo.id, qty: 1, remark: 'término medio', remarkIds: ['notSpicy'] },
          { lineId: uid(402), productId: P.chicha.id, qty: 1, remark: '', remarkIds: ['notSpicy'] },
        ],
        send: true,
      }).events,
    );
    const byPrinter = Object.fromEntries(jobs.map((j) => [j.kind === 'print' ? j.payload.printerId : '', j]));
    expect(paperText(byPrinter['pr-cocina']!)).toContain('Sin picante, término medio');
    expect(paperText(byPrinter['pr-cocina']!)).not.toContain('不辣');
    expect(paperText(byPrinter['pr-bar']!)).toContain('不辣');
    // The ticket as data (what a kitchen screen shows) says it alike.
    const kitchenJob = byPrinter['pr-cocina']!;
    expect(kitchenJob.kind === 'print' && kitchenJob.payload.ticket?.lines[0]?.remark).toBe('Sin picante, término medio');
  });
});
