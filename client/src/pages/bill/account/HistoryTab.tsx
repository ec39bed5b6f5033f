import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountListResponse, ClosedDebt, State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { bodyErrorText } from '../../../i18n/keys.ts';
import { showToast } from '../../../ui/ui-store.ts';
import { fetchHistory, type HistoryState } from './account-api.ts';
import { nameOf } from './account-view.ts';

const dateOf = (iso: string, lang: string) => new Date(iso).toLocaleString(lang, { timeZone: 'America/Lima', day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Debts collected or written off between two days (the hub's last 30 by default), newest first, with who and why. */
export function HistoryTab(props: { state: State | null; search: string; reload: number }) {
  const { t, i18n } = useTranslation();
  const [which, setWhich] = useState<HistoryState>('settled');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [answer, setAnswer] = useState<AccountListResponse | null>(null);

  useEffect(() => {
    let current = true;
    void fetchHistory(which, from, to).then((r) => {
      if (!current) return;
      if ('error' in r) return showToast(bodyErrorText(t, r.error), 'error');
      setAnswer(r);
    });
    return () => {
      current = false;
    };
  }, [which, from, to, props.reload, t]);

  const wanted = props.search.trim().toLocaleLowerCase();
  const debts = ((answer?.debts ?? []) as ClosedDebt[]).filter((d) => wanted === '' || d.person.toLocaleLowerCase().includes(wanted));
  return (
    <div className="account-history" data-testid="account-history">
      <div className="chips" role="group">
        {(['settled', 'writtenOff'] as const).map((s) => (
          <button key={s} type="button" className={`chip${which === s ? ' active' : ''}`} aria-pressed={which === s} onClick={() => setWhich(s)} data-testid={`account-history-${s}`}>
            {t(`account.states.${s}`)}
          </button>
        ))}
      </div>
      <div className="account-range">
        <label className="field">
          <span>{t('account.from')}</span>
          <input type="date" value={from ?? answer?.from ?? ''} onChange={(e) => setFrom(e.target.value || null)} />
        </label>
        <label className="field">
          <span>{t('account.to')}</span>
          <input type="date" value={to ?? answer?.to ?? ''} onChange={(e) => setTo(e.target.value || null)} />
        </label>
      </div>
      {!answer && <p className="empty">{t('account.loading')}</p>}
      {answer && debts.length === 0 && <p className="empty">{t('account.noneHistory')}</p>}
      <ul className="account-bills account-card">
        {debts.map((d) => (
          <li key={d.billId} data-testid="account-closed">
            <div className="account-bill-main">
              <span>
                <b>{d.person}</b> · {t('account.billNo', { no: d.billNo })}
              </span>
              <small className="hint">{t('account.closedBy', { name: nameOf(props.state, d.closedBy), date: dateOf(d.closedAt, i18n.language) })}</small>
              {d.state === 'writtenOff' && (
                <small className="hint">
                  {d.reason} · {t('account.approvedBy', { name: nameOf(props.state, d.approvedBy ?? null) })}
                </small>
              )}
              {d.state === 'settled' && <small className="hint">{[...new Set(d.payments.map((p) => t(`pay.methods.${p.method}`)))].join(', ')}</small>}
            </div>
            <span className="account-amount">{formatSoles(d.state === 'writtenOff' ? d.owedCents - d.paidCents : d.paidCents)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
