import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { LedgerEntry } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { limaToday } from '../fiscal/documents/doc-view.ts';
import { LedgerList } from './LedgerList.tsx';
import { fetchDayEntries, fetchMemberLedger, fetchSummary, type MemberSummary } from './member-api.ts';
import { MEMBER_PATHS } from './member-paths.ts';
import './member.css';

/** /pages/member/details_merchant (M004): the store's member figures, read from the hub's ledger (never recomputed here). */
export function DetailsMerchantPage() {
  const { t } = useTranslation();
  const [s, setS] = useState<MemberSummary | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    void fetchSummary().then((r) => (r.ok ? setS(r.body) : setFailure(r.message || r.code)));
  }, []);
  return (
    <div className="member-page" data-testid="members-merchant">
      <header className="page-head">
        <h1>{t('members.merchant.title')}</h1>
        <Link href={MEMBER_PATHS.index} className="btn btn-ghost">
          {t('members.back')}
        </Link>
      </header>
      {failure && <p className="field-error">{t('members.notReachable', { message: failure })}</p>}
      {s && (
        <div className="member-figures">
          <Figure label={t('members.merchant.members')} value={String(s.members)} />
          <Figure label={t('members.merchant.outstanding')} value={formatSoles(s.outstandingCents)} />
          <Figure label={t('members.merchant.recharged')} value={formatSoles(s.rechargedTodayCents)} />
          <Figure label={t('members.merchant.spent')} value={formatSoles(s.spentTodayCents)} />
        </div>
      )}
      <div className="member-actions">
        <Link href={MEMBER_PATHS.rechargeMerchant} className="btn">
          {t('members.rechargesOfDay')}
        </Link>
        <Link href={MEMBER_PATHS.consumeMerchant} className="btn">
          {t('members.consumptionOfDay')}
        </Link>
      </div>
    </div>
  );
}

function Figure(props: { label: string; value: string }) {
  return (
    <div className="member-figure">
      <span>{props.label}</span>
      <b>{props.value}</b>
    </div>
  );
}

/** The store's recharges (/recharge_merchant) or every balance move (/consume_merchant) of one business day. */
function DayEntries(props: { which: 'recharges' | 'ledger'; title: string }) {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => limaToday(new Date()));
  const [entries, setEntries] = useState<LedgerEntry[] | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    void fetchDayEntries(props.which, day).then((r) => (r.ok ? (setFailure(''), setEntries(r.body.entries)) : setFailure(r.message || r.code)));
  }, [day, props.which]);
  const total = (entries ?? []).reduce((sum, e) => sum + e.cents, 0);
  return (
    <div className="member-page" data-testid={`members-day-${props.which}`}>
      <header className="page-head">
        <h1>{props.title}</h1>
        <Link href={MEMBER_PATHS.detailsMerchant} className="btn btn-ghost">
          {t('members.back')}
        </Link>
      </header>
      <label className="field member-day">
        <span>{t('members.merchant.day')}</span>
        <input type="date" value={day} onChange={(e) => e.target.value && (setEntries(null), setDay(e.target.value))} />
      </label>
      {failure && <p className="field-error">{t('members.notReachable', { message: failure })}</p>}
      {entries && (
        <p>
          {t('members.merchant.total')}: <b>{formatSoles(total)}</b>
        </p>
      )}
      {entries && <LedgerList entries={entries} showMember />}
    </div>
  );
}

export function RechargeMerchantPage() {
  const { t } = useTranslation();
  return <DayEntries which="recharges" title={t('members.rechargesOfDay')} />;
}

export function ConsumeMerchantPage() {
  const { t } = useTranslation();
  return <DayEntries which="ledger" title={t('members.consumptionOfDay')} />;
}

/** /pages/member/consume?id= (M004): one member's whole ledger, from the hub's day files, paged. */
export function ConsumePage() {
  const { t } = useTranslation();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const [entries, setEntries] = useState<LedgerEntry[]>([]);
  const [more, setMore] = useState(false);
  const [failure, setFailure] = useState('');
  const load = (offset: number) =>
    void fetchMemberLedger(id, offset).then((r) => {
      if (!r.ok) return setFailure(r.message || r.code);
      setEntries((prev) => (offset === 0 ? r.body.entries : [...prev, ...r.body.entries]));
      setMore(r.body.more);
    });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new member id is a new list
  useEffect(() => load(0), [id]);
  return (
    <div className="member-page" data-testid="member-consume">
      <header className="page-head">
        <h1>{t('members.details.consumption')}</h1>
        <Link href={`${MEMBER_PATHS.details}?id=${id}`} className="btn btn-ghost">
          {t('members.back')}
        </Link>
      </header>
      {failure && <p className="field-error">{t('members.notReachable', { message: failure })}</p>}
      <LedgerList entries={entries} />
      {more && (
        <button type="button" className="btn btn-ghost" onClick={() => load(entries.length)}>
          {t('members.more')}
        </button>
      )}
    </div>
  );
}
