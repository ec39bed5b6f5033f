import { describe, expect, it } from 'vitest';
import type { CommandPayload, Job, Printer, State, TicketLanguage } from '#protocol';
import { exec, uid } from '../test-fixtures.ts';
import { ANA, BETO, cashRecharge, membersState } from '../members/test-members.ts';
import { createdJobs, paperText, printer } from './test-printers.ts';

/** The recharge slip (issue 22): a receipt-printer job, in the printer's language, never a fiscal document. */

function withOnly(s: State, printers: readonly Printer[]): State {
  const withThem = printers.reduce((st, p) => exec(st, 'printer.save', { printer: p }).state, s);
  return exec(withThem, 'printer.remove', { printerId: 'virtual' }).state;
}

const caja = (language: TicketLanguage, drawer = false) => printer('pr-caja', { receipts: true, language, drawer });
const cocina = printer('pr-cocina', { prebills: true });

function jobs(s: State, payload: CommandPayload<'member.recharge'>): Job[] {
  return createdJobs(exec(s, 'member.recharge', payload).events);
}

describe('the recharge slip', () => {
  it.each([
    ['es', ['RECARGA DE SALDO', 'Socio 000002 Beto Q.', 'Monto S/ 50.00', 'Bono S/ 5.00', 'Forma de pago Transferencia bancaria', 'Banco BCP', 'Tarjeta **** 5678', 'Saldo nuevo S/ 55.00', 'Recarga de saldo: no es comprobante de pago']],
    ['en', ['BALANCE RECHARGE', 'Member 000002 Beto Q.', 'Paid by Bank transfer', 'New balance S/ 55.00', 'not a sales receipt']],
    ['zh', ['余额充值', '会员 000002 Beto Q.', '支付方式 银行转账', '新余额 S/ 55.00', '非付款凭证']],
  ] as const)('prints on the receipt printer in its language (%s), not on a printer that takes no receipts', (language, texts) => {
    const s = withOnly(membersState(), [caja(language), cocina]);
    const made = jobs(s, { ...cashRecharge(BETO, 5_000, 20), bonusCents: 500, method: 4, bank: 'BCP', cardNo: '4557-8800-1234-5678', print: true });
    expect(made.map((j) => [j.kind, j.kind === 'print' ? j.payload.printerId : ''])).toEqual([['print', 'pr-caja']]);
    const paper = paperText(made[0]!);
    for (const t of texts) expect(paper).toContain(t);
    // Never the whole card number, the phone or the document on a slip left on the counter.
    expect(paper).not.toContain('4557');
    expect(paper).not.toContain('912345678');
  });

  it('without print: no slip; a cash recharge still opens the drawer', () => {
    const s = withOnly(membersState(), [caja('es', true)]);
    expect(jobs(s, cashRecharge(ANA, 1_000, 21)).map((j) => j.kind)).toEqual(['drawer.kick']);
    expect(jobs(s, { ...cashRecharge(ANA, 1_000, 22), method: 3, operationNo: '99887766' }).map((j) => j.kind)).toEqual([]);
  });

  it('reprinted from the member\'s recent entries, marked REPRINT', () => {
    const s = withOnly(membersState(), [caja('es')]);
    const made = createdJobs(exec(s, 'member.reprintRecharge', { memberId: ANA, entryId: uid(2301) }).events);
    expect(made).toHaveLength(1);
    expect(paperText(made[0]!)).toContain('REIMPRESIÓN');
    expect(paperText(made[0]!)).toContain('Saldo nuevo S/ 100.00');
  });

  it('an adjustment prints nothing', () => {
    const s = withOnly(membersState(), [caja('es', true)]);
    expect(createdJobs(exec(s, 'member.adjust', { memberId: ANA, entryId: uid(2600), cents: 100, reason: 'x' }).events)).toEqual([]);
  });
});
