import { randomUUID } from 'node:crypto';
import type { CommandPayload, CommandReply, CommandType, FiscalSettings, PaymentInput, State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { orderTotals } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { groupMinimumCents } from '#hub/domain/table-ops/group-minimum.ts';
import { command, NO_CUSTOMER, postCommand, type TestHub } from '../test-hub.ts';
import type { Service } from './plan.ts';
import { emptyModel, keep, type DayModel } from './model.ts';

/**
 * Plays a day's plan through the hub's HTTP door (POST /api/commands and the
 * corrections route), as the till and the waiters' phones do, and writes down
 * in a DayModel what the test itself did: what each bill was charged, what
 * was paid by which method and handed back, what debts were collected. Every
 * command the plan means to be refused is checked refused with the state
 * unchanged; a valid command refused is a failure.
 */

/** What a refusal must leave as it was. */
const watched = (s: State) => JSON.stringify({ tables: s.tables, orders: s.orders, openShift: s.openShift, accounts: s.accounts, fiscal: s.fiscal });

export class DayPlayer {
  readonly model: DayModel = emptyModel();
  private readonly products: string[];
  private readonly t: TestHub;
  private fiscal: FiscalSettings;
  /** The business day the hub's clock is in. */
  private readonly day: string;

  constructor(t: TestHub, fiscal: FiscalSettings, day: string) {
    this.t = t;
    this.day = day;
    this.fiscal = fiscal;
    this.products = Object.values(t.hub.engine.state.products)
      .filter((p) => p.station && p.listed && !p.soldOut && p.specs.length === 0 && !p.usesInventory && p.priceCents > 0)
      .map((p) => p.id)
      .slice(0, 6);
    if (this.products.length < 6) throw new Error('the demo menu has fewer than 6 plain dishes');
    this.model.regime = fiscal.regime;
  }

  private get state(): State {
    return this.t.hub.engine.state;
  }

  private async send<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<CommandReply> {
    return (await postCommand(this.t.url, command(type, payload))).body;
  }

  /** A command the plan means to be accepted. */
  private async ok<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
    const r = await this.send(type, payload);
    if (!r.ok) throw new Error(`${type} refused: ${r.code} ${r.message ?? ''} ${JSON.stringify(payload)}`);
  }

  /** A command the plan means to be refused: refused, and nothing changed. */
  private async refused<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
    const before = watched(this.state);
    const r = await this.send(type, payload);
    if (r.ok) throw new Error(`${type} accepted though it should be refused: ${JSON.stringify(payload)}`);
    if (watched(this.state) !== before) throw new Error(`${type} refused (${r.code}) but the state changed`);
    this.model.refusals += 1;
  }

  private freeTables(): string[] {
    return Object.values(this.state.tables)
      .filter((t) => t.status === TABLE_STATUS.free && t.orderId === null)
      .map((t) => t.id)
      .sort();
  }

  private dueOf(orderId: string): number {
    const order = getOwn(this.state.orders, orderId);
    if (!order) throw new Error(`order ${orderId} is gone`);
    return orderTotals(order, groupMinimumCents(this.state.tables, order)).dueCents;
  }

  private async changeFiscal(kind: Service['fiscal']): Promise<void> {
    if (kind === 'keep') return;
    const today = this.day;
    this.fiscal =
      kind === 'regime'
        ? { ...this.fiscal, regime: this.fiscal.regime === 'general' ? 'reduced' : 'general' }
        : // A dated ICBPER rate from today (the bag tax changes yearly).
          { ...this.fiscal, rates: { ...this.fiscal.rates, icbper: [...this.fiscal.rates.icbper.filter((r) => r.from < today), { from: today, cents: 50 + (this.model.fiscalChanges % 3) * 10 }] } };
    await this.ok('fiscal.saveSettings', this.fiscal);
    this.model.regime = this.fiscal.regime;
    this.model.fiscalChanges += 1;
  }

  async play(s: Service): Promise<void> {
    await this.changeFiscal(s.fiscal);
    const [a, b] = this.freeTables();
    if (!a || !b) throw new Error('no two free tables');
    const orderId = randomUUID();
    await this.ok('table.open', { tableId: a, orderId, people: 2, customer: NO_CUSTOMER });
    const lines = s.dishes.map((d) => ({ lineId: randomUUID(), productId: this.products[d.product]!, qty: d.qty, remark: '' }));
    await this.ok('order.addLines', { orderId, lines });
    await this.ok('order.send', { orderId });
    if (s.merge) {
      const other = randomUUID();
      await this.ok('table.open', { tableId: b, orderId: other, people: 1, customer: NO_CUSTOMER });
      await this.ok('order.addLines', { orderId: other, lines: [{ lineId: randomUUID(), productId: this.products[0]!, qty: 1, remark: '' }] });
      await this.ok('order.send', { orderId: other });
      await this.ok('table.merge', { tableId: a, otherTableIds: [b] });
    }
    if (s.gift) await this.ok('order.giftLine', { orderId, lineId: lines[0]!.lineId, qty: 1, reason: 'Cumpleaños' });
    // The last line's portion back (when the gift did not take its only one).
    const last = lines[lines.length - 1]!;
    if (s.returnOne && !(s.gift && lines.length === 1 && last.qty === 1)) await this.ok('order.returnLine', { orderId, lineId: last.lineId, qty: 1, reason: 'Frío' });
    if (s.discountPercent > 0) await this.ok('order.setDiscount', { orderId, discount: { kind: 'percent', percent: s.discountPercent } });
    await this.hostile(s, orderId, a, lines[0]!.lineId);
    if (s.withdraw) {
      await this.ok('order.withdraw', { orderId, reason: 'Se fueron' });
      this.model.withdrawn += 1;
      return;
    }
    const due = this.dueOf(orderId);
    // A split: two parts, each with its own document (the first paid by Visa, the second in cash with change).
    const split = s.split && s.payment !== 'onAccount' && s.document !== 'note' && due >= 2;
    const half = Math.floor(due / 2);
    const payments: PaymentInput[] = split
      ? [{ method: 'visa', amountCents: half, share: 0 }, { method: 'cash', amountCents: due - half + s.extraCents, share: 1 }]
      : paymentsFor(s, due);
    await this.ok('order.settle', {
      orderId,
      payments,
      document: documentFor(s),
      print: false,
      ...(split ? { split: [half, due - half], shareDocuments: [documentFor(s), documentFor(s)] } : {}),
    });
    keep(this.model, { billId: orderId, due, payments, numbered: s.document !== 'note', regime: this.fiscal.regime, parts: split ? 2 : 1 });
    this.model.splits += split ? 1 : 0;
    if (this.state.tables[a]?.status !== TABLE_STATUS.free) await this.ok('table.clear', { tableId: a });
    if (s.merge && this.state.tables[b]?.status !== TABLE_STATUS.free) await this.ok('table.clear', { tableId: b });
    // A split's parts are corrected part by part (their own credit notes): not played here.
    if (!split) await this.afterwards(s, orderId, due, payments, lines[0]!.lineId);
  }

  private async hostile(s: Service, orderId: string, tableId: string, lineId: string): Promise<void> {
    if (s.hostile === 'openTaken') await this.refused('table.open', { tableId, orderId: randomUUID(), people: 2, customer: NO_CUSTOMER });
    if (s.hostile === 'returnTooMany') await this.refused('order.returnLine', { orderId, lineId, qty: 999, reason: 'x' });
    if (s.hostile === 'mergeFree') await this.refused('table.merge', { tableId, otherTableIds: [this.freeTables()[0]!] });
    if (s.hostile === 'settleShort') {
      const due = this.dueOf(orderId);
      if (due > 1) await this.refused('order.settle', { orderId, payments: [{ method: 'visa', amountCents: due - 1 }], document: documentFor(s), print: false });
    }
  }

  private async afterwards(s: Service, billId: string, due: number, payments: PaymentInput[], lineId: string): Promise<void> {
    const owed = payments.find((p) => p.method === 'onAccount');
    const owedCents = owed && 'amountCents' in owed ? owed.amountCents : 0;
    if ((s.afterwards === 'collectCash' || s.afterwards === 'collectYape') && owedCents > 0) {
      // Half now and the rest later, or all at once: each go is a payment of that day.
      const first = Math.max(1, Math.floor(owedCents / 2));
      for (const amount of owedCents > 1 ? [first, owedCents - first] : [owedCents]) {
        const method = s.afterwards === 'collectCash' ? 'cash' : 'yape';
        await this.ok('account.settle', { billId, payments: [{ method, amountCents: amount, ...(method === 'yape' ? { operationNo: '123456' } : {}) }] });
        this.model.debts[method] = (this.model.debts[method] ?? 0) + amount;
      }
    } else if (s.afterwards === 'writeOff' && owedCents > 0) {
      await this.ok('account.writeOff', { billId, reason: 'No volvió' });
      this.model.writeOffs += 1;
      this.model.writeOffCents += owedCents;
    } else if ((s.afterwards === 'void' || s.afterwards === 'refund') && due > 0 && owedCents === 0) {
      // Sent the instant after the settle, while the outbox may still be filing the sale's document: the
      // corrections route waits for that filing and makes the note from the original as filed.
      const request = { kind: s.afterwards, lines: s.afterwards === 'refund' ? [{ lineId, qty: 1 }] : [], reason: 'Reclamo', method: refundMethod(payments) };
      const res = await fetch(new URL(`/api/bills/${billId}/corrections`, this.t.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: this.t.cookie },
        body: JSON.stringify({ id: randomUUID(), day: this.day, request }),
      });
      const body = (await res.json()) as { ok: boolean; code?: string };
      // A refund of a line the gift took whole has nothing to give back: refused, nothing recorded.
      // Cash back beyond what the open shift's drawer holds is refused too (REFUND_EXCEEDS_DRAWER): nothing recorded.
      if (body.ok) {
        this.model.corrections[s.afterwards] += 1;
        if (s.document === 'note') this.model.noteCorrections += 1;
      }
      else if (!(s.afterwards === 'refund' && body.code === 'REFUND_TOO_LARGE') && body.code !== 'REFUND_EXCEEDS_DRAWER') throw new Error(`correction ${s.afterwards} refused: ${body.code}`);
    }
  }
}

/** Money goes back the way most of it came (a Yape bill refunded in cash could empty the drawer below zero). */
function refundMethod(payments: PaymentInput[]): PaymentInput['method'] {
  const largest = [...payments].sort((x, y) => ('amountCents' in y ? y.amountCents : 0) - ('amountCents' in x ? x.amountCents : 0))[0];
  return largest?.method ?? 'cash';
}

/** The payments the plan makes for a bill of `due` céntimos. */
export function paymentsFor(s: Service, due: number): PaymentInput[] {
  if (due === 0) return [];
  const half = Math.floor(due / 2);
  switch (s.payment) {
    case 'cash':
      return [{ method: 'cash', amountCents: due + s.extraCents }];
    case 'cashExact':
      return [{ method: 'cash', amountCents: due }];
    case 'visa':
      return [{ method: 'visa', amountCents: due }];
    case 'yape':
      return [{ method: 'yape', amountCents: due, operationNo: '654321' }];
    case 'mixed':
      return half > 0 ? [{ method: 'yape', amountCents: half, operationNo: '111222' }, { method: 'cash', amountCents: due - half + s.extraCents }] : [{ method: 'cash', amountCents: due }];
    case 'onAccount':
      return half > 0
        ? [{ method: 'onAccount', amountCents: due - half, person: 'Rosa Díaz', contact: '987654321' }, { method: 'cash', amountCents: half }]
        : [{ method: 'onAccount', amountCents: due, person: 'Rosa Díaz', contact: '987654321' }];
  }
}

function documentFor(s: Service): CommandPayload<'order.settle'>['document'] {
  if (s.document === 'factura') return { kind: 'factura', docId: '20100070970', name: 'SABORES & MÁS E.I.R.L.' };
  return { kind: s.document, docId: '', name: '' };
}
