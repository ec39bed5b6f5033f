import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { enqueue } from '../../sync/outbox.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { lookupMembers, verifyDigits, type MemberHit } from './member-lookup.ts';

/**
 * "Socio": find the member by phone or member number, then the guest says the
 * last 4 digits of their phone (offline there is no SMS: hub/domain/members
 * README) and the member is attached to the order. Refusals are shown inside
 * the dialog, above its buttons, so no toast covers them on a phone.
 */
export function MemberDialog(props: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<MemberHit[] | null>(null);
  const [picked, setPicked] = useState<MemberHit | null>(null);
  const [verify, setVerify] = useState('');
  const [error, setError] = useState<ErrorCode | null>(null);
  const [busy, setBusy] = useState(false);
  const digits = verifyDigits(verify);

  const search = async () => {
    if (q.trim() === '' || busy) return;
    setBusy(true);
    setError(null);
    const r = await lookupMembers(q);
    setBusy(false);
    if (!r.ok) return setError(r.code);
    setHits(r.body.members);
    setPicked(r.body.members.length === 1 ? r.body.members[0]! : null);
  };
  const attach = async () => {
    if (!picked || !digits || busy) return;
    setBusy(true);
    setError(null);
    const r = await enqueue('order.attachMember', { orderId: props.orderId, memberId: picked.id, verify: digits }, { ownsRefusal: true });
    setBusy(false);
    if (r.ok) props.onClose();
    else setError(r.code);
  };

  return (
    <Dialog
      title={t('pay.member.find')}
      onClose={props.onClose}
      footer={
        <>
          <button className="btn" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button className="btn btn-primary" disabled={!picked || !digits || busy} onClick={() => void attach()} data-testid="member-attach">
            {t('pay.member.attach')}
          </button>
        </>
      }
    >
      <div className="member-search">
        <label className="field">
          <span>{t('pay.member.query')}</span>
          <input value={q} inputMode="numeric" maxLength={20} autoFocus onChange={(e) => setQ(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void search()} data-testid="member-query" />
        </label>
        <button className="btn" disabled={q.trim() === '' || busy} onClick={() => void search()} data-testid="member-search">
          {t('pay.member.search')}
        </button>
      </div>
      {hits?.length === 0 && <p className="note">{t('pay.member.none')}</p>}
      {hits && hits.length > 0 && (
        <ul className="member-hits" role="radiogroup" aria-label={t('pay.member.find')}>
          {hits.map((m) => (
            <li key={m.id}>
              <button role="radio" aria-checked={picked?.id === m.id} className={`member-hit${picked?.id === m.id ? ' active' : ''}`} onClick={() => setPicked(m)} data-testid={`member-hit-${m.no}`}>
                <strong>{`${m.no} · ${m.name}`}</strong>
                <span>{`${m.phoneHint} · ${t('pay.member.balance', { amount: formatSoles(m.balanceCents) })}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && (
        <label className="field">
          <span>{t('pay.member.verify')}</span>
          <input value={verify} inputMode="numeric" maxLength={4} onChange={(e) => setVerify(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void attach()} data-testid="member-verify" />
        </label>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="member-error">
          {t(`errors.${error}`)}
        </p>
      )}
    </Dialog>
  );
}
