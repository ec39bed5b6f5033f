import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSoles } from '#hub/domain/money.ts';
import { bodyErrorText } from '../../../i18n/keys.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { lookupMembers, type MemberHit } from './coupon-api.ts';
import '../member.css';

/** Finds the member by mobile or member number (exact, as a till does) and gifts with one tap on the row. */
export function GiftDialog(props: { onClose: () => void; onGift: (memberId: string, no: string) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<MemberHit[] | null>(null);
  const [failure, setFailure] = useState('');
  const [sent, setSent] = useState(false);

  const find = () => {
    const typed = q.trim();
    if (!typed) return;
    void lookupMembers(typed).then((r) => {
      if (!r.ok) return setFailure(bodyErrorText(t, r.code));
      setFailure('');
      setHits(r.body.members);
    });
  };
  const footer = <button type="button" className="btn btn-ghost" onClick={props.onClose}>{t('coupons.cancel')}</button>;
  return (
    <Dialog title={t('coupons.giftTitle')} onClose={props.onClose} footer={footer}>
      <form className="coupon-find" onSubmit={(e) => { e.preventDefault(); find(); }}>
        <input className="member-search" type="search" inputMode="numeric" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('coupons.giftFind')} aria-label={t('coupons.giftFind')} data-testid="gift-find" autoFocus />
        <button type="submit" className="btn" data-testid="gift-find-go">{t('coupons.find')}</button>
      </form>
      {failure && <p className="field-error">{failure}</p>}
      {hits?.length === 0 && <p className="muted" data-testid="gift-none">{t('coupons.giftNone')}</p>}
      <ul className="member-list">
        {(hits ?? []).map((m) => (
          <li key={m.id}>
            <button type="button" className="member-row" disabled={sent} onClick={() => { setSent(true); props.onGift(m.id, m.no); }} data-testid={`gift-to-${m.no}`}>
              <span className="member-no">{m.no}</span>
              <span className="member-name">{m.name}</span>
              <span className="member-phone">{m.phoneHint}</span>
              <b className="member-balance">{formatSoles(m.balanceCents)}</b>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
