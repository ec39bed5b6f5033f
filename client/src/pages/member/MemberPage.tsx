import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { LedgerEntry, Member } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { useAliases } from '../../auth/aliases.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { showToast } from '../../ui/ui-store.ts';
import { CouponList } from './coupons/CouponList.tsx';
import { LedgerList } from './LedgerList.tsx';
import { fetchMember } from './member-api.ts';
import { draftFields, draftOf, type MemberDraft } from './member-form.ts';
import { MEMBER_PATHS } from './member-paths.ts';
import { AdjustDialog, EraseDialog } from './MemberDialogs.tsx';
import { MemberForm } from './MemberForm.tsx';
import './member.css';

type Open = 'edit' | 'adjust' | 'erase' | null;

/** /pages/member/details?id= (M004): a member's data, balance, last moves and coupons; edit, recharge, adjust, erase. */
export function MemberPage() {
  const { t } = useTranslation();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const aliases = useAliases();
  const [member, setMember] = useState<Member | null>(null);
  const [failure, setFailure] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  // Members are not in the device state: read again after each acked command.
  const reload = () =>
    void fetchMember(id).then((r) => {
      if (!r.ok) return setFailure(r.code);
      setMember(r.body.member);
    });
  useEffect(reload, [id]);

  const run = (command: Promise<{ ok: boolean; code?: string }>, done: string) => {
    setBusy(true);
    void command.then((r) => {
      setBusy(false);
      if (!r.ok) return showToast(bodyErrorText(t, r.code ?? ''), 'error');
      showToast(done);
      setOpen(null);
      reload();
    });
  };
  const save = (draft: MemberDraft) => run(enqueue('member.update', { memberId: id, ...draftFields(draft) }), t('members.form.saved'));
  const adjust = (cents: number, reason: string) => run(enqueue('member.adjust', { memberId: id, entryId: uuid(), cents, reason }), t('members.adjust.done'));
  const erase = (reason: string) => run(enqueue('member.erase', { memberId: id, reason }), t('members.erase.done'));
  const reprint = (e: LedgerEntry) => run(enqueue('member.reprintRecharge', { memberId: id, entryId: e.id }), t('members.details.reprinted'));

  if (failure) return <p className="field-error member-page">{bodyErrorText(t, failure)}</p>;
  if (!member) return <p className="muted member-page">{t('members.loading')}</p>;
  const erased = member.erasedAt !== null;
  return (
    <div className="member-page" data-testid="member-details">
      <header className="page-head">
        <h1>{t('members.details.title', { no: member.no })}</h1>
        <Link href={MEMBER_PATHS.index} className="btn btn-ghost">
          {t('members.back')}
        </Link>
      </header>
      <section className="member-balance-card">
        <span>{t('members.details.balance')}</span>
        <b className="member-balance-big" data-testid="member-balance">{formatSoles(member.balanceCents)}</b>
        <div className="member-actions">
          {!erased && (
            <Link href={`${MEMBER_PATHS.recharge}?id=${member.id}`} className="btn btn-primary" data-testid="member-recharge">
              {t('members.details.recharge')}
            </Link>
          )}
          <button type="button" className="btn" onClick={() => setOpen('adjust')} data-testid="member-adjust">
            {t('members.details.adjust')}
          </button>
        </div>
      </section>
      {erased ? (
        <p className="muted">{t('members.details.erased', { at: member.erasedAt?.slice(0, 10) })}</p>
      ) : (
        <dl className="member-data">
          <dt>{t('members.form.name')}</dt>
          <dd data-testid="member-fullname">{`${member.name} ${member.lastName}`}</dd>
          <dt>{t('members.form.phone')}</dt>
          <dd>{member.phone}</dd>
          <dt>{t(`members.form.regMethods.r${member.regMethod}`)}</dt>
          <dd>{member.docId || '—'}</dd>
          <dt>{t('members.form.gender')}</dt>
          <dd>{t(`members.form.genders.g${member.gender}`)}</dd>
          {member.birthday && <dt>{t('members.form.birthday')}</dt>}
          {member.birthday && <dd>{member.birthday}</dd>}
          {member.email && <dt>{t('members.form.email')}</dt>}
          {member.email && <dd>{member.email}</dd>}
          {(member.city || member.address) && <dt>{t('members.form.address')}</dt>}
          {(member.city || member.address) && <dd>{[member.address, member.city].filter(Boolean).join(', ')}</dd>}
        </dl>
      )}
      {!erased && (
        <div className="member-actions">
          <button type="button" className="btn" onClick={() => setOpen('edit')} data-testid="member-edit">
            {t('members.details.edit')}
          </button>
          {aliases.has('settings') && (
            <button type="button" className="btn btn-danger" onClick={() => setOpen('erase')} data-testid="member-erase">
              {t('members.details.erase')}
            </button>
          )}
        </div>
      )}
      <h2>
        {t('members.details.recent')} ·{' '}
        <Link href={`${MEMBER_PATHS.consume}?id=${member.id}`}>{t('members.details.consumption')}</Link>
      </h2>
      <LedgerList entries={member.recent} onReprint={erased ? undefined : reprint} />
      {/* The coupons gifted to them (used, unused, expired), paged from the hub like every coupon list. */}
      <h2 data-testid="member-coupons-title">{t('members.details.coupons')}</h2>
      <CouponList query={{ memberId: member.id }} />
      {open === 'edit' && <MemberForm title={t('members.form.titleEdit')} initial={draftOf(member)} busy={busy} onClose={() => setOpen(null)} onSave={save} />}
      {open === 'adjust' && <AdjustDialog onClose={() => setOpen(null)} onAdjust={adjust} />}
      {open === 'erase' && <EraseDialog onClose={() => setOpen(null)} onErase={erase} />}
    </div>
  );
}
