import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';

/** "2026-11-28 20:23": the restaurant's (Lima) time of a move; the stored instant is UTC, and its first 16 characters showed the next day after 19:00. */
const limaTime = (iso: string) => new Date(iso).toLocaleString('sv-SE', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });

/** Ledger entries, newest first: kind, when, signed amount, balance after (and the member's number on store-wide lists). */
export function LedgerList(props: { entries: readonly LedgerEntry[]; showMember?: boolean; onReprint?: (entry: LedgerEntry) => void }) {
  const { t } = useTranslation();
  if (props.entries.length === 0) return <p className="muted">{t('members.details.noEntries')}</p>;
  return (
    <ul className="member-ledger" data-testid="member-ledger">
      {props.entries.map((e) => (
        <li key={e.id} className={`member-entry ${e.cents < 0 ? 'minus' : 'plus'}`}>
          <span className="member-entry-kind">
            {t(`members.details.kinds.${e.kind}`)}
            {e.recharge && ` · ${t(`members.recharge.methods.m${e.recharge.method}`)}`}
            {props.showMember && ` · ${e.memberNo}`}
          </span>
          <small className="muted">
            {limaTime(e.at)}
            {e.reason && ` · ${e.reason}`}
          </small>
          <b className="member-entry-cents">{(e.cents > 0 ? '+' : '') + formatSoles(e.cents)}</b>
          <small className="muted">{formatSoles(e.balanceAfterCents)}</small>
          {props.onReprint && e.kind === 'recharge' && (
            <button type="button" className="btn btn-ghost btn-small" onClick={() => props.onReprint?.(e)}>
              {t('members.details.reprint')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
