import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { BillRow } from '#hub/domain/bills/list.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { PATHS } from '../../routes.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { fetchBills } from './bills-api.ts';
import { BillFilters } from './BillFilters.tsx';
import { BillList } from './BillList.tsx';
import { EMPTY_FILTERS, queryOf, rangeOf, tooLong, type Filters } from './bill-view.ts';
import './bill.css';

/**
 * /pages/bill/index (M003): the closed bills of a range of business days,
 * searched and filtered on the hub (GET /api/bills), newest first, 50 at a
 * time with "load more". A row opens the bill (/pages/bill/indexone). The
 * list is asked again when bills are corrected (the live corrections slice
 * changes), so a refund done elsewhere shows.
 */
export function BillsPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [applied, setApplied] = useState<Filters>(EMPTY_FILTERS);
  const [today, setToday] = useState<string | null>(null);
  const [rows, setRows] = useState<BillRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const corrections = state?.billCorrections;

  // A new search (or a correction somewhere): the first page again. Before the hub named today (the first
  // load), today's range is asked without days: the hub answers with them.
  useEffect(() => {
    let live = true;
    void fetchBills(today === null ? '' : queryOf(applied, today)).then((r) => {
      if (!live) return;
      if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
      setToday(r.body.today);
      setRows(r.body.rows);
      setNext(r.body.next);
    });
    return () => {
      live = false;
    };
    // `today` is read, not watched: the answer sets it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied, corrections, t]);

  const more = async () => {
    if (!today || !next) return;
    setBusy(true);
    const r = await fetchBills(queryOf(applied, today, next));
    setBusy(false);
    if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
    setRows((old) => [...(old ?? []), ...r.body.rows]);
    setNext(r.body.next);
  };

  const search = () => {
    if (today && tooLong(rangeOf(filters, today))) return showToast(t('bills.rangeTooLong'), 'error');
    setApplied({ ...filters });
  };

  return (
    <div className="bills-page" data-testid="bills-page">
      <header className="bills-head">
        <h1>{t('bills.title')}</h1>
        <Link href={PATHS.billAccount} className="btn" data-testid="bills-on-account">
          {t('bills.onAccount')}
        </Link>
      </header>
      <BillFilters filters={filters} today={today} onChange={setFilters} onSearch={search} />
      {rows === null ? <p className="empty">{t('bills.loading')}</p> : <BillList rows={rows} state={state} />}
      {next && (
        <button className="btn bills-more" disabled={busy} onClick={() => void more()} data-testid="bills-more">
          {t('bills.loadMore')}
        </button>
      )}
    </div>
  );
}
