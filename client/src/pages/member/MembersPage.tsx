import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Member } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { showToast } from '../../ui/ui-store.ts';
import { fetchMembers } from './member-api.ts';
import { draftFields, EMPTY_DRAFT, type MemberDraft } from './member-form.ts';
import { MemberForm } from './MemberForm.tsx';
import { MEMBER_PATHS } from './member-paths.ts';
import './member.css';

/** How long typing pauses before the directory asks the hub (the route is throttled per session). */
const DEBOUNCE_MS = 300;

/**
 * /pages/member/index (M004): the member directory, searched on the hub by mobile, number,
 * name or document (members are not on the device), paged, and the register form.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  const [rows, setRows] = useState<Member[] | null>(null);
  const [more, setMore] = useState(false);
  const [failure, setFailure] = useState('');
  const [registering, setRegistering] = useState(false);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  const load = (query: string, offset: number) => {
    const ticket = ++asked.current;
    void fetchMembers(query, offset).then((r) => {
      if (ticket !== asked.current) return; // a newer search answered the page
      if (!r.ok) return setFailure(r.message || r.code);
      setFailure('');
      setRows((prev) => (offset === 0 ? r.body.members : [...(prev ?? []), ...r.body.members]));
      setMore(r.body.more);
    });
  };
  useEffect(() => {
    const timer = setTimeout(() => load(q.trim(), 0), q ? DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [q]);

  const register = (draft: MemberDraft) => {
    setBusy(true);
    const memberId = uuid();
    void enqueue('member.register', { memberId, ...draftFields(draft) }).then((r) => {
      setBusy(false);
      if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
      const no = (r.result as { memberNo?: string } | undefined)?.memberNo ?? '';
      showToast(t('members.form.registered', { no }));
      setRegistering(false);
      navigate(`${MEMBER_PATHS.details}?id=${memberId}`);
    });
  };

  return (
    <div className="member-page" data-testid="members-page">
      <header className="page-head">
        <h1>{t('members.title')}</h1>
        <div className="member-head-actions">
          <Link href={MEMBER_PATHS.detailsMerchant} className="btn btn-ghost" data-testid="members-summary">
            {t('members.store')}
          </Link>
          <button type="button" className="btn btn-primary" onClick={() => setRegistering(true)} data-testid="member-register">
            {t('members.register')}
          </button>
        </div>
      </header>
      <input className="member-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('members.search')} aria-label={t('members.search')} data-testid="member-search" />
      {failure && <p className="field-error">{t('members.notReachable', { message: failure })}</p>}
      {rows === null && !failure && <p className="muted">{t('members.loading')}</p>}
      {rows?.length === 0 && <p className="muted">{q ? t('members.none') : t('members.empty')}</p>}
      {rows && rows.length > 0 && (
        <ul className="member-list" data-testid="member-list">
          {rows.map((m) => (
            <li key={m.id}>
              <Link href={`${MEMBER_PATHS.details}?id=${m.id}`} className="member-row" data-testid={`member-row-${m.no}`}>
                <span className="member-no">{m.no}</span>
                <span className="member-name">{`${m.name} ${m.lastName}`.trim() || '—'}</span>
                <span className="member-phone">{m.phone}</span>
                <b className="member-balance">{formatSoles(m.balanceCents)}</b>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <button type="button" className="btn btn-ghost" onClick={() => load(q.trim(), rows?.length ?? 0)}>
          {t('members.more')}
        </button>
      )}
      {registering && <MemberForm title={t('members.form.titleNew')} initial={EMPTY_DRAFT} busy={busy} onClose={() => setRegistering(false)} onSave={register} />}
    </div>
  );
}
