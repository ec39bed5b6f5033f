import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { Member, RechargeMethod } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { showToast } from '../../ui/ui-store.ts';
import { fetchMember } from './member-api.ts';
import { MEMBER_PATHS } from './member-paths.ts';
import { amountCents, QUICK_AMOUNTS, rechargeError, type RechargeDraft } from './recharge-form.ts';
import './member.css';

const METHODS: readonly RechargeMethod[] = [2, 3, 4];
const EMPTY: RechargeDraft = { amount: '', method: 2, operationNo: '', bank: '', cardNo: '', certificate: '', accountName: '', arrivedAt: '', print: true };

/** /pages/member/recharge?id= (payment): a recharge order, SPEC.md methods 2 cash / 3 Yape-Plin / 4 transfer, the slip printed. */
export function RechargePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const [member, setMember] = useState<Member | null>(null);
  const [d, setD] = useState(EMPTY);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  // One id per order on screen: a resend after a dropped connection is recorded once.
  const [rechargeId, setRechargeId] = useState(uuid);
  useEffect(() => {
    void fetchMember(id).then((r) => r.ok && setMember(r.body.member));
  }, [id]);
  const set = (patch: Partial<RechargeDraft>) => setD((x) => ({ ...x, ...patch }));
  const problem = rechargeError(d);
  const err = (field: keyof RechargeDraft) =>
    shown && problem?.field === field ? (
      <small className="field-error" data-testid={`recharge-${field}-error`}>
        {problem.error === 'required' ? t('members.form.required') : t(`members.recharge.${problem.error}`)}
      </small>
    ) : null;
  const cents = amountCents(d.amount) ?? 0;

  const submit = () => {
    setShown(true);
    if (problem) return;
    setBusy(true);
    const extra =
      d.method === 3
        ? { operationNo: d.operationNo.trim() }
        : d.method === 4
          ? { bank: d.bank.trim(), cardNo: d.cardNo.trim(), certificate: d.certificate.trim(), accountName: d.accountName.trim(), ...(d.arrivedAt ? { arrivedAt: new Date(d.arrivedAt).toISOString() } : {}) }
          : {};
    void enqueue('member.recharge', { memberId: id, rechargeId, amountCents: cents, method: d.method, print: d.print, ...extra }).then((r) => {
      setBusy(false);
      if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
      showToast(t('members.recharge.success'));
      setRechargeId(uuid());
      navigate(`${MEMBER_PATHS.details}?id=${id}`);
    });
  };

  const input = (field: 'operationNo' | 'bank' | 'cardNo' | 'certificate' | 'accountName', label: string, mode: 'numeric' | 'text' = 'text') => (
    <label className="field">
      <span>{label}</span>
      <input inputMode={mode} value={d[field]} maxLength={field === 'cardNo' ? 30 : 60} onChange={(e) => set({ [field]: e.target.value })} data-testid={`recharge-${field}`} />
      {err(field)}
    </label>
  );

  return (
    <div className="member-page" data-testid="recharge-page">
      <header className="page-head">
        <h1>{t('members.recharge.title')}</h1>
        <Link href={`${MEMBER_PATHS.details}?id=${id}`} className="btn btn-ghost">
          {t('members.back')}
        </Link>
      </header>
      {member && (
        <p className="member-who">
          <b>{member.no}</b> {`${member.name} ${member.lastName}`} · {t('members.details.balance')} <b>{formatSoles(member.balanceCents)}</b>
        </p>
      )}
      <label className="field">
        <span>{t('members.recharge.amount')}</span>
        <input className="member-amount" inputMode="decimal" value={d.amount} onChange={(e) => set({ amount: e.target.value })} data-testid="recharge-amount" />
        {err('amount')}
      </label>
      <div className="chips">
        {QUICK_AMOUNTS.map((a) => (
          <button key={a} type="button" className={`chip${d.amount === String(a) ? ' active' : ''}`} onClick={() => set({ amount: String(a) })} data-testid={`recharge-quick-${a}`}>
            {formatSoles(a * 100)}
          </button>
        ))}
      </div>
      <span className="member-label">{t('members.recharge.method')}</span>
      <div className="chips member-methods" role="group">
        {METHODS.map((m) => (
          <button key={m} type="button" className={`chip${d.method === m ? ' active' : ''}`} aria-pressed={d.method === m} onClick={() => set({ method: m })} data-testid={`recharge-method-${m}`}>
            {t(`members.recharge.methods.m${m}`)}
          </button>
        ))}
      </div>
      {d.method === 3 && input('operationNo', t('members.recharge.operationNo'), 'numeric')}
      {d.method === 4 && (
        <>
          {input('bank', t('members.recharge.bank'))}
          {input('cardNo', t('members.recharge.cardNo'), 'numeric')}
          {input('certificate', t('members.recharge.certificate'))}
          {input('accountName', t('members.recharge.accountName'))}
          <label className="field">
            <span>{t('members.recharge.arrivedAt')}</span>
            <input type="datetime-local" value={d.arrivedAt} onChange={(e) => set({ arrivedAt: e.target.value })} />
          </label>
        </>
      )}
      <label className="member-check">
        <input type="checkbox" checked={d.print} onChange={(e) => set({ print: e.target.checked })} /> {t('members.recharge.print')}
      </label>
      <p className="muted">{t('members.recharge.notReceipt')}</p>
      {/* Pinned to the bottom as a bar the toast knows (ui/Toast.tsx BOTTOM_BARS): on a 360 px phone the toast after a tap sat on this very button. */}
      <div className="member-submit-bar" data-bottom-bar>
        <button type="button" className="btn btn-primary member-submit" disabled={busy} onClick={submit} data-testid="recharge-submit">
          {t('members.recharge.submit', { amount: formatSoles(cents) })}
        </button>
      </div>
    </div>
  );
}
