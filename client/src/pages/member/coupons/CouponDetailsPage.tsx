import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { formatSoles } from '#hub/domain/money.ts';
import { useCanSend } from '../../../auth/aliases.ts';
import { bodyErrorText } from '../../../i18n/keys.ts';
import { enqueue } from '../../../sync/outbox.ts';
import { showToast } from '../../../ui/ui-store.ts';
import { fetchCoupon, type CouponRow } from './coupon-api.ts';
import { COUPON_PATHS } from './coupon-paths.ts';
import { GiftDialog } from './GiftDialog.tsx';
import '../member.css';
import './coupons.css';

/**
 * /pages/member/details_coupon?code= (M004): one coupon (batch, amount, category, expiry, status,
 * the bill it paid, its recipient), gift it to a member, print it with its QR. Read from the
 * coupons room's route and read again after each command's ack (coupons are not in the device state).
 */
export function CouponDetailsPage() {
  const { t } = useTranslation();
  const code = new URLSearchParams(useSearch()).get('code') ?? '';
  const canGift = useCanSend('coupon.gift');
  const canPrint = useCanSend('coupon.print');
  const [coupon, setCoupon] = useState<CouponRow | null>(null);
  const [failure, setFailure] = useState('');
  const [gifting, setGifting] = useState(false);
  const [printing, setPrinting] = useState(false);

  const load = () =>
    void fetchCoupon(code).then((r) => {
      if (!r.ok) return setFailure(r.code);
      setFailure('');
      setCoupon(r.body.coupon);
    });
  useEffect(load, [code]);

  const gift = (memberId: string, no: string) =>
    void enqueue('coupon.gift', { code, memberId }).then((r) => {
      if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
      setGifting(false);
      showToast(t('coupons.gifted', { no }));
      load();
    });
  const print = () => {
    setPrinting(true);
    void enqueue('coupon.print', { code }).then((r) => {
      setPrinting(false);
      showToast(r.ok ? t('coupons.printed') : bodyErrorText(t, r.code), r.ok ? undefined : 'error');
    });
  };

  const back = <Link href={COUPON_PATHS.merchant} className="btn btn-ghost">{t('coupons.back')}</Link>;
  if (failure) return <div className="member-page" data-testid="coupon-details-page"><p className="field-error" data-testid="coupon-failure">{bodyErrorText(t, failure)}</p>{back}</div>;
  if (!coupon) return <div className="member-page" data-testid="coupon-details-page"><p className="muted">{t('coupons.loading')}</p></div>;
  const c = coupon;
  const giftable = c.status === 'unused' && !c.memberId;
  return (
    <div className="member-page" data-testid="coupon-details-page">
      <header className="page-head">
        <h1 className="coupon-code big" data-testid="coupon-code">{c.code}</h1>
      </header>
      <div className="member-balance-card">
        <b className="member-balance-big">{formatSoles(c.deductionCents)}</b>
        <span className={`coupon-status ${c.status}`} data-testid="coupon-status">{t(`coupons.status.${c.status}`)}</span>
      </div>
      <dl className="member-data">
        <dt>{t('coupons.field.batch')}</dt><dd>{c.name}</dd>
        <dt>{t('coupons.field.category')}</dt><dd>{t(`coupons.category.c${c.category}`)}</dd>
        <dt>{t('coupons.field.expiresOn')}</dt><dd>{c.expiresOn}</dd>
        {c.usedAt && (<><dt>{t('coupons.field.usedOn')}</dt><dd data-testid="coupon-bill">{t('coupons.usedOn', { day: c.usedDay ?? '', bill: c.usedBillId ?? '' })}</dd></>)}
        {c.heldBy && !c.usedAt && (<><dt>{t('coupons.field.held')}</dt><dd>{t('coupons.held')}</dd></>)}
        {c.memberId && (<><dt>{t('coupons.field.recipient')}</dt><dd data-testid="coupon-recipient">{`${c.recipientNo} · ${c.recipientPhone}`}</dd></>)}
      </dl>
      <div className="member-actions">
        {canGift && giftable && (
          <button type="button" className="btn btn-primary" onClick={() => setGifting(true)} data-testid="coupon-gift">{t('coupons.gift')}</button>
        )}
        {canPrint && (
          <button type="button" className="btn" onClick={print} disabled={printing} data-testid="coupon-print">{t('coupons.print')}</button>
        )}
        {back}
      </div>
      {gifting && <GiftDialog onClose={() => setGifting(false)} onGift={gift} />}
    </div>
  );
}
