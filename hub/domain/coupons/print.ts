import type { Coupon, CouponBatch, JobSpec, PrintDocument, State, TicketLanguage } from '#protocol';
import { formatSoles } from '../money.ts';
import { receiptTargets } from '../printing/routing.ts';
import { rule, text } from '../printing/documents/format.ts';
import type { Reactors } from '../jobs/reactions.ts';
import { couponAndBatch } from './usable.ts';

type Words = { discount: string; dineIn: string; delivery: string; until: string; member: string; once: string };

const WORDS: Record<TicketLanguage, Words> = {
  es: { discount: 'Descuento', dineIn: 'Válido en el salón (mesa)', delivery: 'Válido para llevar y delivery', until: 'Válido hasta el', member: 'Socio', once: 'Un solo uso. Muestre este código al pagar.' },
  en: { discount: 'Discount', dineIn: 'Valid at a table', delivery: 'Valid for take-away and delivery', until: 'Valid until', member: 'Member', once: 'Single use. Show this code when paying.' },
  zh: { discount: '抵扣', dineIn: '限堂食使用', delivery: '限外带和外卖使用', until: '有效期至', member: '会员', once: '仅限使用一次，结账时出示此码。' },
};

/** 2026-12-31 as receipts write a day: 31/12/2026. */
function dayText(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * A coupon on paper: the restaurant, the batch's name, the deduction large, where it is valid
 * and until when, the member it was gifted to (number only: no phone on paper), the code as
 * text and as a QR the till's scanner reads (the code only, nothing personal).
 */
export function couponDocument(restaurant: string, coupon: Coupon, batch: CouponBatch, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  return {
    blocks: [
      text(restaurant, { align: 'center', bold: true }),
      rule('='),
      text(batch.name, { align: 'center', size: 'tall', bold: true }),
      text(`${w.discount} ${formatSoles(batch.deductionCents)}`, { align: 'center', size: 'large', bold: true }),
      text(batch.category === 1 ? w.dineIn : w.delivery, { align: 'center' }),
      text(`${w.until} ${dayText(batch.expiresOn)}`, { align: 'center' }),
      ...(coupon.recipientNo ? [text(`${w.member} ${coupon.recipientNo}`, { align: 'center' })] : []),
      rule(),
      { kind: 'qr', data: coupon.code, size: 6, align: 'center' },
      text(coupon.code, { align: 'center', bold: true }),
      text(w.once, { align: 'center' }),
      rule('='),
    ],
    cut: true,
  };
}

/** One print job per receipt printer, in its language (never a kitchen screen). */
export function couponPrintJobs(s: State, code: string): JobSpec[] {
  const found = couponAndBatch(s, code);
  if (!found) return [];
  return receiptTargets(s).map((p) => ({
    kind: 'print',
    payload: { printerId: p.id, purpose: 'coupon', document: couponDocument(s.restaurant.name, found.coupon, found.batch, p.language) },
  }));
}

/** coupon.printed → the coupon's paper (merged in hub/domain/jobs/reactions.ts). */
export const COUPON_REACTORS: Reactors = {
  'coupon.printed': (e, state) => couponPrintJobs(state, e.code),
};
