import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { COUPON_STATUSES, type CouponStatus } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { bodyErrorText } from '../../../i18n/keys.ts';
import { fetchCoupons, type CouponQuery, type CouponRow } from './coupon-api.ts';
import { couponHref } from './coupon-paths.ts';
import '../member.css';
import './coupons.css';

/**
 * A paged list of coupons (a batch's or a member's) with a status filter; each row opens the coupon.
 * The members-ui room embeds it in the member details page as `<CouponList query={{ memberId }} />`.
 */
export function CouponList(props: { query: Omit<CouponQuery, 'offset' | 'status'> }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CouponStatus | ''>('');
  const [rows, setRows] = useState<CouponRow[] | null>(null);
  const [more, setMore] = useState(false);
  const [failure, setFailure] = useState('');
  const asked = useRef(0);
  const { batchId, memberId, q } = props.query;

  const load = (offset: number) => {
    const ticket = ++asked.current;
    void fetchCoupons({ batchId, memberId, q, status, offset }).then((r) => {
      if (ticket !== asked.current) return; // a newer filter answered first
      if (!r.ok) return setFailure(r.code);
      setFailure('');
      setRows((prev) => (offset === 0 ? r.body.coupons : [...(prev ?? []), ...r.body.coupons]));
      setMore(r.body.more);
    });
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- another list or filter is a new first page
  useEffect(() => load(0), [batchId, memberId, q, status]);

  return (
    <section className="coupon-list" data-testid="coupon-list">
      <div className="chips" role="group" aria-label={t('coupons.filter')}>
        {(['', ...COUPON_STATUSES] as const).map((s) => (
          <button key={s || 'all'} type="button" className={`chip${status === s ? ' active' : ''}`} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {t(`coupons.filters.${s || 'all'}`)}
          </button>
        ))}
      </div>
      {failure && <p className="field-error">{t('coupons.notReachable', { message: bodyErrorText(t, failure) })}</p>}
      {rows?.length === 0 && <p className="muted">{t('coupons.none')}</p>}
      <ul className="member-list">
        {(rows ?? []).map((c) => (
          <li key={c.code}>
            <Link href={couponHref(c.code)} className="coupon-row" data-testid={`coupon-row-${c.code}`}>
              <span className="coupon-code">{c.code}</span>
              <span className={`coupon-status ${c.status}`}>{t(`coupons.status.${c.status}`)}</span>
              <span className="muted">{c.recipientNo && !memberId ? t('coupons.giftedTo', { no: c.recipientNo }) : c.name}</span>
              <b className="coupon-amount">{formatSoles(c.deductionCents)}</b>
            </Link>
          </li>
        ))}
      </ul>
      {more && (
        <button type="button" className="btn btn-ghost" onClick={() => load(rows?.length ?? 0)}>
          {t('coupons.more')}
        </button>
      )}
    </section>
  );
}
