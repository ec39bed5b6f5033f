import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { COUPON_STATUSES, type CouponStatus } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { useCanSend } from '../../../auth/aliases.ts';
import { bodyErrorText } from '../../../i18n/keys.ts';
import { enqueue } from '../../../sync/outbox.ts';
import { uuid } from '../../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../../ui/Dialog.tsx';
import { showToast } from '../../../ui/ui-store.ts';
import { BatchForm } from './BatchForm.tsx';
import { fetchBatches, fetchCoupon, issueBatch, type BatchRow } from './coupon-api.ts';
import { solesToCents, type BatchDraft } from './coupon-form.ts';
import { couponHref } from './coupon-paths.ts';
import { CouponList } from './CouponList.tsx';
import '../member.css';
import './coupons.css';

/** A batch is "open" while it has unused coupons; the filter reads the route's counts. */
type BatchFilter = 'all' | CouponStatus;

/**
 * /pages/member/coupon_merchant (M004): the store's coupon batches (create, counts, void),
 * a coupon found by its code, and one batch's coupons. Batches and coupons are read from the
 * hub's routes (not in the device state) and read again after every command's ack.
 */
export function CouponMerchantPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const canVoid = useCanSend('coupon.voidBatch');
  const [batches, setBatches] = useState<BatchRow[] | null>(null);
  const [failure, setFailure] = useState('');
  const [filter, setFilter] = useState<BatchFilter>('all');
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [voiding, setVoiding] = useState<BatchRow | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');

  const load = () =>
    void fetchBatches().then((r) => {
      if (!r.ok) return setFailure(r.code);
      setFailure('');
      setBatches(r.body.batches);
    });
  useEffect(load, []);

  const create = (draft: BatchDraft) => {
    setBusy(true);
    void issueBatch({
      batchId: uuid(), prefix: draft.prefix.trim().toUpperCase(), name: draft.name.trim(), deductionCents: solesToCents(draft.soles) ?? 0,
      category: draft.category, expiresOn: draft.expiresOn, quantity: Number(draft.quantity),
    }).then((r) => {
      setBusy(false);
      if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
      showToast(t('coupons.issued', { n: r.body.batch.quantity, prefix: r.body.batch.code }));
      setCreating(false);
      setOpen(r.body.batch.id);
      load();
    });
  };
  const voidBatch = (batch: BatchRow) =>
    void enqueue('coupon.voidBatch', { batchId: batch.id }).then((r) => {
      setVoiding(null);
      if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
      showToast(t('coupons.voided', { name: batch.name }));
      load();
    });
  const find = () => {
    const typed = code.trim();
    if (!typed) return;
    void fetchCoupon(typed).then((r) => {
      if (!r.ok) return setCodeError(bodyErrorText(t, r.code));
      setCodeError('');
      navigate(couponHref(r.body.coupon.code));
    });
  };

  const shown = (batches ?? []).filter((b) => filter === 'all' || b[filter] > 0);
  return (
    <div className="member-page" data-testid="coupon-merchant-page">
      <header className="page-head">
        <h1>{t('coupons.title')}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="batch-new">
          {t('coupons.newBatch')}
        </button>
      </header>
      <form className="coupon-find" onSubmit={(e) => { e.preventDefault(); find(); }}>
        <input className="member-search" type="search" value={code} onChange={(e) => setCode(e.target.value)} placeholder={t('coupons.findCode')} aria-label={t('coupons.findCode')} autoCapitalize="characters" data-testid="coupon-find" />
        <button type="submit" className="btn" data-testid="coupon-find-go">{t('coupons.find')}</button>
      </form>
      {codeError && <p className="field-error" data-testid="coupon-find-error">{codeError}</p>}
      <div className="chips" role="group" aria-label={t('coupons.filter')}>
        {(['all', ...COUPON_STATUSES] as const).map((f) => (
          <button key={f} type="button" className={`chip${filter === f ? ' active' : ''}`} aria-pressed={filter === f} onClick={() => setFilter(f)} data-testid={`batch-filter-${f}`}>
            {t(`coupons.filters.${f}`)}
          </button>
        ))}
      </div>
      {failure && <p className="field-error">{t('coupons.notReachable', { message: bodyErrorText(t, failure) })}</p>}
      {batches === null && !failure && <p className="muted">{t('coupons.loading')}</p>}
      {batches?.length === 0 && <p className="muted">{t('coupons.empty')}</p>}
      <ul className="member-list">
        {shown.map((b) => (
          <li key={b.id} className={`coupon-batch${b.voided ? ' voided' : ''}`} data-testid={`batch-${b.code}`}>
            <button type="button" className="coupon-batch-head" aria-expanded={open === b.id} onClick={() => setOpen(open === b.id ? null : b.id)}>
              <span className="coupon-prefix">{b.code}</span>
              <span className="member-name">{b.name}</span>
              <b className="coupon-amount">{formatSoles(b.deductionCents)}</b>
              <span className="muted coupon-meta">
                {t(`coupons.category.c${b.category}`)} · {t('coupons.until', { day: b.expiresOn })}
                {b.voided && <> · <b className="coupon-voided">{t('coupons.voidedMark')}</b></>}
              </span>
            </button>
            <p className="coupon-counts" data-testid={`batch-counts-${b.code}`}>
              <span>{t('coupons.counts.issued', { n: b.quantity })}</span>
              <span className="coupon-status used">{t('coupons.counts.used', { n: b.used })}</span>
              <span className="coupon-status unused">{t('coupons.counts.unused', { n: b.unused })}</span>
              <span className="coupon-status expired">{t('coupons.counts.expired', { n: b.expired })}</span>
            </p>
            {open === b.id && (
              <div className="coupon-batch-body">
                {canVoid && !b.voided && b.unused > 0 && (
                  <button type="button" className="btn btn-ghost danger" onClick={() => setVoiding(b)} data-testid={`batch-void-${b.code}`}>
                    {t('coupons.void')}
                  </button>
                )}
                <CouponList query={{ batchId: b.id }} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {creating && <BatchForm busy={busy} onClose={() => setCreating(false)} onSave={create} />}
      {voiding && (
        <Dialog title={t('coupons.voidTitle')} onClose={() => setVoiding(null)} footer={<DialogActions onCancel={() => setVoiding(null)} confirmLabel={t('coupons.void')} onConfirm={() => voidBatch(voiding)} testId="batch-void-confirm" danger />}>
          <p>{t('coupons.voidText', { name: voiding.name, n: voiding.unused })}</p>
        </Dialog>
      )}
      <Link href="/pages/member/index" className="btn btn-ghost">{t('coupons.members')}</Link>
    </div>
  );
}
