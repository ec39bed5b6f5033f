import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import type { State } from '#protocol';
import { KDS_MAX_OPEN_TICKETS } from '#protocol';
import { rememberedStation, rememberStation } from '../../auth/kitchen-screen.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { canRecall, openTickets, retiredNote, stationsOf } from './kds-view.ts';
import { TicketCard } from './TicketCard.tsx';
import './kitchen-display.css';

/** How often the elapsed minutes are redrawn. */
const TICK_MS = 5_000;
/**
 * After a bump, how long the Done buttons ignore taps: the next ticket slides under the cook's
 * finger, and a double tap with wet hands would clear it unseen.
 */
const BUMP_GUARD_MS = 700;

/** The device's clock, read again every few seconds (the cards' elapsed minutes). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A kitchen station's screen (not in SPEC.md: /pages/kitchen/display?station=<id>),
 * for a tablet at the pass: the station's open tickets live, oldest first;
 * Done clears one, Recall brings back the last cleared. Without a station in
 * the address, a picker. Offline, a bump waits in the outbox like any tap.
 */
export function KitchenDisplayPage() {
  const [params] = useSearchParams();
  const { state } = useView();
  // Without a station in the address, the one this device showed last (a kitchen screen reopens on its station
  // after a reload); `?pick` is the "change station" link, which asks again.
  const stationId = params.get('station') ?? (params.has('pick') ? '' : rememberedStation());
  // Looked up among the known stations only: ?station=constructor gets the picker.
  const station = state ? stationsOf(state).find((s) => s.id === stationId) : undefined;
  const shownId = station?.id;
  useEffect(() => {
    if (shownId) rememberStation(shownId);
  }, [shownId]);
  if (!state) return null;
  if (!station) return <StationPicker state={state} />;
  return <Board state={state} stationId={station.id} stationName={station.name} />;
}

function StationPicker(props: { state: State }) {
  const { t } = useTranslation();
  const stations = stationsOf(props.state);
  return (
    <div className="kds-page" data-testid="kds-picker">
      <h1>{t('kds.title')}</h1>
      {stations.length === 0 ? (
        <p className="empty">{t('kds.noStations')}</p>
      ) : (
        <>
          <p className="hint">{t('kds.chooseStation')}</p>
          <ul className="kds-stations">
            {stations.map((s) => (
              <li key={s.id}>
                <Link className="btn kds-station" href={`${PATHS.kitchenDisplay}?station=${encodeURIComponent(s.id)}`} data-testid={`kds-station-${s.id}`}>
                  {s.name}
                  <span className="kds-station-count">{t('kds.open', { count: openTickets(props.state, s.id).length })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Board(props: { state: State; stationId: string; stationName: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const tickets = openTickets(props.state, props.stationId);
  const [guarded, setGuarded] = useState(false);
  useEffect(() => {
    if (!guarded) return;
    const timer = setTimeout(() => setGuarded(false), BUMP_GUARD_MS);
    return () => clearTimeout(timer);
  }, [guarded]);
  const bump = (ticketId: string) => {
    if (guarded) return;
    setGuarded(true);
    void enqueue('kds.bump', { ticketId });
  };
  return (
    <div className="kds-page" data-testid="kds-board">
      <div className="kds-head">
        <h1>{props.stationName}</h1>
        <span className="badge" data-testid="kds-count">
          {t('kds.open', { count: tickets.length })}
        </span>
        <span className="kds-head-actions">
          <button
            className="btn"
            data-testid="kds-recall"
            disabled={!canRecall(props.state, props.stationId)}
            onClick={() => void enqueue('kds.recall', { station: props.stationId })}
          >
            {t('kds.recall')}
          </button>
          <Link className="btn btn-ghost" href={`${PATHS.kitchenDisplay}?pick`} data-testid="kds-change-station">
            {t('kds.changeStation')}
          </Link>
        </span>
      </div>
      <RetiredNote state={props.state} stationId={props.stationId} />
      {tickets.length === 0 ? (
        <p className="empty kds-empty" data-testid="kds-empty">
          {t('kds.empty')}
        </p>
      ) : (
        <ol className="kds-grid">
          {tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} now={now} onBump={() => bump(ticket.id)} />
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The note of old tickets the hub took off the screens (more than KDS_MAX_OPEN_TICKETS open):
 * the cook learns some never got a Done, and where they still are, until someone taps Got it.
 */
function RetiredNote(props: { state: State; stationId: string }) {
  const { t } = useTranslation();
  const note = retiredNote(props.state, props.stationId);
  if (!note) return null;
  return (
    <div className="kds-retired" role="status" data-testid="kds-retired">
      <div className="kds-retired-text">
        <strong>{t('kds.retired', { count: note.count })}</strong>
        <span>{t('kds.retiredWhy', { max: KDS_MAX_OPEN_TICKETS })}</span>
      </div>
      <button className="btn" data-testid="kds-retired-dismiss" onClick={() => void enqueue('kds.dismissRetired', { station: props.stationId })}>
        {t('kds.retiredDismiss')}
      </button>
    </div>
  );
}
