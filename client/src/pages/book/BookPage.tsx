import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CommandPayload, Reservation } from '#protocol';
import { useCanSend } from '../../auth/aliases.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { Icon } from '../../ui/icons.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { addDays, fetchDay, liveReservationsOf, todayOfRestaurant } from './book-api.ts';
import { CancelReservationDialog, paidDepositCents } from './CancelReservationDialog.tsx';
import { DepositDialog } from './DepositDialog.tsx';
import { NewReservationDialog } from './NewReservationDialog.tsx';
import { ReservationCard, type CardAction } from './ReservationCard.tsx';
import './book.css';

const PAGE = 50;
type Past = { day: string; list: Reservation[]; more: boolean; loading: boolean; error: string };

/**
 * /pages/dining_table/book (SPEC.md): a day's reservations, booking one, and
 * moving each through its statuses (hub/domain/reservations/README.md).
 * Today and the coming days come from the live state; a past day is read
 * from the hub a page at a time.
 */
export function BookPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const [, navigate] = useLocation();
  // Each button only for a role that may send it (the hub refuses the rest anyway).
  const can: Record<CardAction, boolean> = {
    payDeposit: useCanSend('reservation.payDeposit'),
    depositFailed: useCanSend('reservation.depositFailed'),
    ready: useCanSend('reservation.ready'),
    arrive: useCanSend('reservation.arrive'),
    finish: useCanSend('reservation.finish'),
    cancel: useCanSend('reservation.cancel'),
    noShow: useCanSend('reservation.noShow'),
    openTable: true,
  };
  const canCreate = useCanSend('reservation.create');
  const today = todayOfRestaurant();
  const [day, setDay] = useState(today);
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<{ r: Reservation; noShow: boolean } | null>(null);
  const [paying, setPaying] = useState<Reservation | null>(null);
  const [past, setPast] = useState<Past | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const isPast = day < today;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!isPast) return;
    let live = true;
    void fetchDay(day, 0, PAGE).then((r) => {
      if (!live) return;
      setPast('error' in r ? { day, list: [], more: false, loading: false, error: r.error } : { day, list: r.reservations, more: r.more, loading: false, error: '' });
    });
    return () => {
      live = false;
    };
  }, [day, isPast]);

  // A past day's answer, once it is the day shown (until then it is loading).
  const shownPast: Past | null = !isPast ? null : past?.day === day ? past : { day, list: [], more: false, loading: true, error: '' };
  const list = shownPast ? shownPast.list : state ? liveReservationsOf(state, day) : [];
  if (!state) return <p className="empty">{t('book.loading')}</p>;

  const loadMore = () => {
    if (!shownPast) return;
    const from = shownPast;
    setPast({ ...from, loading: true });
    void fetchDay(day, from.list.length, PAGE).then((r) => setPast('error' in r ? { ...from, loading: false, error: r.error } : { ...from, list: [...from.list, ...r.reservations], more: r.more, loading: false }));
  };

  const allowed = (action: CardAction) => can[action];

  const act = (r: Reservation, action: CardAction) => {
    const ref = { reservationId: r.id };
    if (action === 'openTable') {
      const order = r.orderId ? state.orders[r.orderId] : undefined;
      return navigate(`${PATHS.dinner}?tableId=${encodeURIComponent(order?.tableId ?? r.tableId)}`);
    }
    if (action === 'arrive') {
      // The card then says the table is open and the deposit credited, with the way to the table:
      // the host seats the guests first, the waiter orders after.
      void enqueue('reservation.arrive', { reservationId: r.id, orderId: uuid() }).then((reply) => reply.ok && showToast(t('book.done.arrived')));
      return;
    }
    if (action === 'cancel') return setCancelling({ r, noShow: false });
    // A deposit is a payment: method, amount, operation number, receipt (issue 18 item 6).
    if (action === 'payDeposit') return setPaying(r);
    // Guests who did not come: a paid deposit is given back or kept, so the cashier is asked.
    if (action === 'noShow' && paidDepositCents(r) > 0) return setCancelling({ r, noShow: true });
    void enqueue(`reservation.${action}`, ref);
  };

  const create = (p: CommandPayload<'reservation.create'>) => {
    setCreating(false);
    setDay(p.at.slice(0, 10));
    void enqueue('reservation.create', p).then((reply) => reply.ok && showToast(t('book.done.created')));
  };

  const people = list.filter((r) => r.status !== 3).reduce((sum, r) => sum + r.people, 0);
  return (
    <div className="book-page" data-testid="book-page">
      <header className="page-head book-head">
        <h1>{t('book.title')}</h1>
        {canCreate && (
          <button className="btn btn-primary" onClick={() => setCreating(true)} data-testid="book-new">
            <Icon name="plus" /> {t('book.new')}
          </button>
        )}
      </header>
      <div className="book-days">
        <button className="btn btn-icon" onClick={() => setDay(addDays(day, -1))} aria-label={t('book.prevDay')} data-testid="book-prev">
          <Icon name="arrowLeft" />
        </button>
        <input type="date" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} aria-label={t('book.day')} data-testid="book-day" />
        <button className="btn btn-icon" onClick={() => setDay(addDays(day, 1))} aria-label={t('book.nextDay')} data-testid="book-next">
          <Icon name="arrowRight" />
        </button>
        {day !== today && (
          <button className="btn" onClick={() => setDay(today)}>
            {t('book.today')}
          </button>
        )}
        <span className="hint book-count">{t('book.count', { count: list.length, people })}</span>
      </div>
      {isPast && <p className="hint">{t('book.pastNote')}</p>}
      {shownPast?.error && <p className="field-error">{bodyErrorText(t, shownPast.error)}</p>}
      {list.length === 0 && !shownPast?.loading && <p className="empty">{t('book.empty')}</p>}
      <ul className="book-list">
        {list.map((r) => (
          <ReservationCard key={r.id} r={r} state={state} now={now} readOnly={isPast} allowed={allowed} onAction={(a) => act(r, a)} />
        ))}
      </ul>
      {shownPast?.loading && <p className="hint">{t('book.loading')}</p>}
      {shownPast?.more && !shownPast.loading && (
        <button className="btn" onClick={loadMore}>
          {t('book.more')}
        </button>
      )}
      {creating && <NewReservationDialog state={state} day={day} onClose={() => setCreating(false)} onCreate={create} />}
      {cancelling && (
        <CancelReservationDialog
          reservation={cancelling.r}
          noShow={cancelling.noShow}
          onClose={() => setCancelling(null)}
          onCancel={(reason, deposit) => {
            const { r, noShow } = cancelling;
            setCancelling(null);
            const reply = noShow
              ? enqueue('reservation.noShow', { reservationId: r.id, ...(deposit ? { deposit } : {}) })
              : enqueue('reservation.cancel', { reservationId: r.id, reason, ...(deposit ? { deposit } : {}) });
            void reply.then((answer) => !answer.ok && showToast(bodyErrorText(t, answer.code), 'error'));
          }}
        />
      )}
      {paying && (
        <DepositDialog
          reservation={paying}
          shiftOpen={Boolean(state.openShift)}
          onClose={() => setPaying(null)}
          onPay={(payload) => {
            setPaying(null);
            void enqueue('reservation.payDeposit', payload).then((answer) => showToast(answer.ok ? t('book.done.depositTaken') : bodyErrorText(t, answer.code), answer.ok ? 'success' : 'error'));
          }}
        />
      )}
    </div>
  );
}
