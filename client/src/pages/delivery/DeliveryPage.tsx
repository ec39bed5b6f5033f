import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import { useSnapshot } from 'valtio';
import { useCanSend } from '../../auth/aliases.ts';
import { session } from '../../auth/session.ts';
import { PATHS } from '../../routes.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { useView } from '../../sync/view.ts';
import { dayText } from '../../ui/dates.ts';
import { Icon } from '../../ui/icons.tsx';
import { addDays, todayOfRestaurant } from '../book/book-api.ts';
import { RIDER_ROLE } from '../riders/rider-view.ts';
import type { Takeout } from './contract.ts';
import { useChannelNames } from './channel-names.ts';
import { DELIVERY_PATH, NEW_PHONE_ORDER_PATH } from './paths.ts';
import { TakeoutDetail } from './TakeoutDetail.tsx';
import { TakeoutList } from './TakeoutList.tsx';
import { inTab, LIVE_TABS, matchesSearch, sortLive, TAB_KEYS, tabCounts, type LiveTab, type Tab } from './takeout-view.ts';
import { liveTakeouts, takeoutById } from './takeouts.ts';
import { fetchTakeoutDay } from './takeouts-api.ts';
import './delivery.css';

type History = { day: string; list: Takeout[]; more: boolean; loading: boolean; error: string };
const PAGE = 50;

/** A finished day's takeouts, a page at a time (they are not in the live state); loading until the day's answer is in. */
function useHistory(day: string, active: boolean): [History, () => void] {
  const [h, setH] = useState<History | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    void fetchTakeoutDay(day, 0, PAGE).then((r) => {
      if (live) setH(r.ok ? { day, list: r.body.takeouts, more: r.body.more, loading: false, error: '' } : { day, list: [], more: false, loading: false, error: r.code });
    });
    return () => {
      live = false;
    };
  }, [day, active]);
  const shown: History = h && h.day === day ? h : { day, list: [], more: false, loading: true, error: '' };
  const more = () => {
    setH({ ...shown, loading: true });
    void fetchTakeoutDay(day, shown.list.length, PAGE).then((r) =>
      setH((x) => (!x || x.day !== day ? x : r.ok ? { ...x, list: [...x.list, ...r.body.takeouts], more: r.body.more, loading: false } : { ...x, loading: false, error: r.code })),
    );
  };
  return [shown, more];
}

/**
 * /pages/take_out/index (SPEC.md M005): take-away and delivery orders by
 * status tabs, live, with a search by code, pickup code, phone or name; a
 * day's closed, cancelled and refused orders under "history"; the detail with
 * its actions beside the list on a till, instead of it on a phone; and the
 * way to a new phone order.
 */
export function DeliveryPage() {
  const { t, i18n } = useTranslation();
  const { state } = useView();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const canCreate = useCanSend('takeout.create');
  // A rider who opens the delivery section gets the way to their own phone page (their home).
  const isRider = useSnapshot(session).staff?.roleId === RIDER_ROLE;
  // `?tab=new` (the new-order notice's "Go and check") opens on that tab.
  const [tab, setTab] = useState<Tab>(() => TAB_KEYS.find((k) => k === params.get('tab')) ?? 'all');
  const [query, setQuery] = useState('');
  const today = todayOfRestaurant();
  const [day, setDay] = useState(today);
  const [history, loadMore] = useHistory(day, tab === 'history');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // "12 min ago" and the rider's last status stay true without a tap (SPEC's 30 s refresh).
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const live = useMemo(() => (state ? liveTakeouts(state) : []), [state]);
  const counts = tabCounts(live);
  const channelNames = useChannelNames(live.some((x) => x.channel.startsWith('web:')));
  const selectedId = params.get('id') ?? '';
  const open = (id: string) => navigate(`${DELIVERY_PATH}?id=${encodeURIComponent(id)}`);
  // The trailing '?' clears the query: wouter's hash navigation keeps the old one otherwise.
  const close = () => navigate(`${DELIVERY_PATH}?`);
  if (!state) return <p className="empty">{t('delivery.loading')}</p>;

  const source = tab === 'history' ? history.list : sortLive(live.filter((x) => inTab(x, tab)));
  const shown = source.filter((x) => matchesSearch(x, query));
  // A live takeout by id, else one of the history page shown (read only).
  const selectedLive = selectedId ? takeoutById(state, selectedId) : undefined;
  const selected = selectedLive ?? history.list.find((x) => x.id === selectedId);

  return (
    <div className={`delivery-page${selected ? ' has-detail' : ''}`} data-testid="delivery-page">
      <div className="delivery-list-side">
        <header className="delivery-head">
          <h1>{t('delivery.title')}</h1>
          {isRider && (
            <Link href={`${PATHS.takeOutRider}?`} className="btn btn-primary" data-testid="my-deliveries">
              {t('delivery.myDeliveries')}
            </Link>
          )}
          {canCreate && (
            <Link href={`${NEW_PHONE_ORDER_PATH}?`} className="btn btn-primary" data-testid="new-phone-order">
              <Icon name="plus" /> {t('delivery.newPhoneOrder')}
            </Link>
          )}
        </header>
        <input className="search" type="search" placeholder={t('delivery.search')} value={query} onChange={(e) => setQuery(e.target.value)} data-testid="takeout-search" />
        <div className="chips takeout-tabs" role="tablist" data-testid="takeout-tabs">
          {TAB_KEYS.map((k) => (
            <button key={k} role="tab" aria-selected={tab === k} className={`chip${tab === k ? ' active' : ''}${k === 'history' ? ' tab-history' : ''}${k === 'new' ? ' tab-new' : ''}`} onClick={() => setTab(k)} data-testid={`tab-${k}`}>
              {t(`delivery.tabs.${k}`)}
              {k !== 'history' && counts[k as LiveTab] > 0 && <span className="tab-count">{counts[k as LiveTab]}</span>}
            </button>
          ))}
        </div>
        {tab === 'history' && (
          <div className="takeout-days">
            <button className="btn btn-icon" onClick={() => setDay(addDays(day, -1))} aria-label={t('delivery.history.prev')}>
              <Icon name="arrowLeft" />
            </button>
            <input type="date" value={day} max={today} onChange={(e) => e.target.value && setDay(e.target.value)} aria-label={t('delivery.history.day')} data-testid="history-day" />
            <button className="btn btn-icon" disabled={day >= today} onClick={() => setDay(addDays(day, 1))} aria-label={t('delivery.history.next')}>
              <Icon name="arrowRight" />
            </button>
            <span className="hint">{dayText(day, i18n.language)}</span>
          </div>
        )}
        {tab === 'history' && history.error && <p className="field-error">{bodyErrorText(t, history.error)}</p>}
        {shown.length === 0 && !(tab === 'history' && history.loading) ? (
          <p className="empty" data-testid="takeout-empty">
            {query.trim() ? t('delivery.noMatch') : tab === 'history' ? t('delivery.history.empty') : t(`delivery.empty.${tab in LIVE_TABS ? tab : 'all'}`)}
          </p>
        ) : (
          <TakeoutList state={state} list={shown} selectedId={selectedId} now={now} channelNames={channelNames} onOpen={open} />
        )}
        {tab === 'history' && history.loading && <p className="hint">{t('delivery.loading')}</p>}
        {tab === 'history' && history.more && !history.loading && (
          <button className="btn" onClick={loadMore}>
            {t('delivery.history.more')}
          </button>
        )}
      </div>
      <div className="delivery-detail-side">
        {selected ? (
          <TakeoutDetail state={state} takeout={selected} now={now} channelNames={channelNames} onBack={close} readOnly={!selectedLive} />
        ) : (
          <p className="empty delivery-pick">{selectedId ? t('delivery.gone') : t('delivery.pick')}</p>
        )}
      </div>
    </div>
  );
}
