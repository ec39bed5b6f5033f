import type { TFunction } from 'i18next';
import type { CommandPayload, CommandType, State } from '#protocol';
import { getOwn } from '#hub/domain/records.ts';
import { formatSoles } from '#hub/domain/money.ts';
import { nameIn } from '../i18n/index.ts';

/**
 * What exactly a manager approves, in words (issue 19 item 17): "Descuento
 * 15 % en la cuenta de Mesa 4", "Regalar 1 × Lomo saltado". The hub binds the
 * token to this very payload (hub/engine/approval-tokens.ts), so what the
 * dialog shows is what can go through. Names come from the device's copy of
 * the state; an order or line it does not hold is named generically rather
 * than guessed. Null for a command type without a summary (the dialog then
 * shows only the gate).
 */
export function approvalSummary(t: TFunction, type: CommandType, payload: unknown, state: State | null, lang: string): string | null {
  const order = (orderId: string) => (state ? getOwn(state.orders, orderId) : undefined);
  const where = (orderId: string): string => {
    const o = order(orderId);
    const table = o && state ? getOwn(state.tables, o.tableId) : undefined;
    return table ? t('approval.summary.table', { table: table.name }) : t('approval.summary.thisOrder');
  };
  const dish = (orderId: string, lineId: string): string => {
    const line = order(orderId)?.lines.find((l) => l.id === lineId);
    return line ? nameIn(line.names, lang) : t('approval.summary.aDish');
  };
  switch (type) {
    case 'order.setDiscount': {
      const p = payload as CommandPayload<'order.setDiscount'>;
      const amount = p.discount.kind === 'percent' ? `${p.discount.percent} %` : formatSoles(p.discount.cents);
      return t('approval.summary.discount', { amount, where: where(p.orderId) });
    }
    case 'order.setLineDiscount': {
      const p = payload as CommandPayload<'order.setLineDiscount'>;
      return t('approval.summary.lineDiscount', { amount: formatSoles(p.discountCents), dish: dish(p.orderId, p.lineId) });
    }
    case 'order.giftLine': {
      const p = payload as CommandPayload<'order.giftLine'>;
      return t('approval.summary.gift', { qty: p.qty, dish: dish(p.orderId, p.lineId) });
    }
    case 'order.cancelLine': {
      const p = payload as CommandPayload<'order.cancelLine'>;
      return t('approval.summary.cancelLine', { qty: p.qty, dish: dish(p.orderId, p.lineId) });
    }
    case 'order.withdraw': {
      const p = payload as CommandPayload<'order.withdraw'>;
      return t('approval.summary.withdraw', { where: where(p.orderId) });
    }
    case 'account.writeOff':
      return t('approval.summary.writeOff');
    default:
      return null;
  }
}

/** The reason typed with the command, when it carries one (gift, void, write-off), for the dialog's second line. */
export function approvalReason(payload: unknown): string {
  const reason = typeof payload === 'object' && payload !== null && 'reason' in payload ? (payload as { reason: unknown }).reason : '';
  return typeof reason === 'string' ? reason.trim() : '';
}
