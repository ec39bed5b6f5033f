import { describe, expect, it } from 'vitest';
import type { Coupon, CouponBatch, TicketLanguage } from '#protocol';
import { encode, parseEscPos } from '../../../hardware/index.ts';
import { couponDocument } from './print.ts';

const batch: CouponBatch = { id: 'b-1', code: 'VERANO', name: 'Verano', deductionCents: 1_000, category: 2, expiresOn: '2099-12-31', quantity: 1, issuedAt: '', issuedBy: null, redeemed: 0, voided: false };
const coupon: Coupon = { code: 'VERANO-7KQ2M9XA', batchId: 'b-1', memberId: 'm-1', recipientNo: '000042', recipientPhone: '987654321', giftedAt: '', heldBy: null, usedAt: null, usedBillId: null, usedDay: null };

/** GS ( k: the ESC/POS QR command family (function 180 stores the data, 181 prints it). */
const GS_PAREN_K = [0x1d, 0x28, 0x6b];

function has(bytes: Uint8Array, seq: readonly number[]): boolean {
  outer: for (let i = 0; i + seq.length <= bytes.length; i++) {
    for (let j = 0; j < seq.length; j++) if (bytes[i + j] !== seq[j]) continue outer;
    return true;
  }
  return false;
}

describe('a coupon on paper', () => {
  it.each(['es', 'en', 'zh'] as TicketLanguage[])('%s: a native QR (GS ( k) holding the code, the code as text, the member number and no phone', (language) => {
    const settings = { paper: 80 as const, codePage: 'cp858' as const, cjk: 'gb18030' as const, qr: 'native' as const };
    const bytes = encode(couponDocument('Casa Lola', coupon, batch, language), settings);
    expect(has(bytes, GS_PAREN_K)).toBe(true);
    const paper = parseEscPos(bytes, settings);
    expect(paper.qrs).toEqual(['VERANO-7KQ2M9XA']);
    const text = paper.texts.join('\n');
    expect(text).toContain('VERANO-7KQ2M9XA');
    expect(text).toContain('000042');
    expect(text).toContain('10.00');
    expect(text).not.toContain('987654321');
  });

  it('a printer without native QR gets the QR as an image (no GS ( k)', () => {
    const settings = { paper: 58 as const, codePage: 'cp858' as const, cjk: 'gb18030' as const, qr: 'image' as const };
    const bytes = encode(couponDocument('Casa Lola', coupon, batch, 'es'), settings);
    expect(has(bytes, GS_PAREN_K)).toBe(false);
    expect(parseEscPos(bytes, settings).texts.join('\n')).toContain('VERANO-7KQ2M9XA');
  });
});
