import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CashDirection, ClosedShift, CommandReply, CountedMethod } from '#protocol';
import { formatSoles, parseCents } from '#hub/domain/money.ts';
import { useAliases, useCanSend } from '../../auth/aliases.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { replica } from '../../sync/replica.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { todayOfRestaurant } from '../book/book-api.ts';
import { CashMoveDialog } from './CashMoveDialog.tsx';
import { ClosedShiftSummary } from './ClosedShiftSummary.tsx';
import { CloseShiftDialog } from './CloseShiftDialog.tsx';
import { fetchClosedShifts } from './shift-api.ts';
import { ShiftReportView } from './report/ShiftReportView.tsx';
import { ShiftFigures } from './ShiftFigures.tsx';
import { HandInCard } from '../riders/HandInCard.tsx';
import { ridersHoldingCash } from '../riders/rider-view.ts';
import { nameOf } from './shift-view.ts';
import './shift.css';

/**
 * /pages/shift/index (M006): open a shift with a float, watch its figures
 * live, move cash in and out, close it counting each method, then hand over
 * (the summary of the shift just closed, and the next shift's float).
 * The hub is one register: one open shift at a time (hub/domain/shift/README.md).
 */
export function ShiftPage() {
  const { t, i18n } = useTranslation();
  const { state } = useView();
  const canSend = useCanSend('shift.open');
  // The count is blind (issue 18 item 9): what the shift expects shows on this page only to those who
  // read the order report (managers); a cashier sees it in the close dialog once the count is confirmed.
  const seesExpected = useAliases().has('M014');
  // The hub's own state: a shift just opened shows at once (optimistically), but its report is asked
  // for only once the hub has it (asking earlier answered "no shift open", in red, issue 18 item 16).
  const confirmed = useSnapshot(replica).state?.openShift?.id ?? null;
  const [float, setFloat] = useState('');
  const [floatError, setFloatError] = useState('');
  const [moving, setMoving] = useState<CashDirection | null>(null);
  const [closing, setClosing] = useState(false);
  const [closed, setClosed] = useState<ClosedShift | null>(null);
  if (!state) return <p className="empty">{t('shift.loading')}</p>;
  const shift = state.openShift;

  const refused = (reply: CommandReply) => {
    if (!reply.ok) showToast(bodyErrorText(t, reply.code), 'error');
    return reply.ok;
  };

  const open = () => {
    const cents = parseCents(float);
    if (cents === null) return setFloatError(t('shift.amountInvalid'));
    setFloatError('');
    void enqueue('shift.open', { id: uuid(), floatCents: cents }).then((r) => {
      if (!refused(r)) return;
      setClosed(null);
      setFloat('');
      showToast(t('shift.done.opened'));
    });
  };

  const move = (direction: CashDirection, amountCents: number, reason: string) => {
    setMoving(null);
    void enqueue('shift.cashMove', { id: uuid(), direction, amountCents, reason }).then((r) => refused(r) && showToast(t('shift.done.moved')));
  };

  const close = (counted: Partial<Record<CountedMethod, number>>, note: string) => {
    if (!shift) return;
    const id = shift.id;
    setClosing(false);
    void enqueue('shift.close', { counted, note }).then(async (r) => {
      if (!refused(r)) return;
      showToast(t('shift.done.closed'));
      // The closed shift left the live state: read it back from the day it closed.
      const list = await fetchClosedShifts(todayOfRestaurant());
      if ('error' in list) return showToast(bodyErrorText(t, list.error), 'error');
      setClosed(list.find((s) => s.id === id) ?? null);
    });
  };

  const openForm = canSend && (
    <div className="shift-card">
      <div className="shift-open-form">
        <label className="field">
          <span>{t('shift.float')}</span>
          <input inputMode="decimal" value={float} onChange={(e) => setFloat(e.target.value)} placeholder="0.00" data-testid="shift-float" />
        </label>
        <button className="btn btn-primary" onClick={open} data-testid="shift-open">
          {closed ? t('shift.openNext') : t('shift.open')}
        </button>
      </div>
      {floatError && <p className="field-error">{floatError}</p>}
    </div>
  );

  return (
    <div className="shift-page" data-testid="shift-page">
      <header className="page-head shift-head">
        <h1>{t('shift.title')}</h1>
        {shift && <span className="hint">{t('shift.openedBy', { name: nameOf(state, shift.openedBy), time: new Date(shift.openedAt).toLocaleTimeString(i18n.language, { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit' }) })}</span>}
      </header>
      {!shift && (
        <>
          {closed ? <ClosedShiftSummary shift={closed} state={state} /> : <p className="empty">{t('shift.none')}</p>}
          {openForm}
        </>
      )}
      {shift && (
        <>
          {canSend && (
            <div className="shift-actions">
              <button className="btn" onClick={() => setMoving('in')} data-testid="shift-cash-in">
                {t('shift.moveIn')}
              </button>
              <button className="btn" onClick={() => setMoving('out')} data-testid="shift-cash-out">
                {t('shift.moveOut')}
              </button>
              <button className="btn btn-danger" onClick={() => setClosing(true)} data-testid="shift-close">
                {t('shift.close')}
              </button>
            </div>
          )}
          <ShiftFigures shift={shift} blind={!seesExpected} />
          {/* Cash riders collected at doors, received here into the drawer (issue 21). */}
          <HandInCard state={state} />
          {seesExpected && (confirmed === shift.id ? <ShiftReportView key={shift.id} source="current" /> : <p className="hint">{t('shift.loading')}</p>)}
          <section className="shift-card">
            <h2>{t('shift.moves')}</h2>
            {shift.moves.length === 0 && <p className="hint">{t('shift.noMoves')}</p>}
            <ul className="shift-moves" data-testid="shift-moves">
              {shift.moves.map((m) => (
                <li key={m.id}>
                  <span>{m.direction === 'in' ? t('shift.in') : t('shift.out')}</span>
                  <span className="shift-reason">{m.reason}</span>
                  <b>{`${m.direction === 'out' ? '−' : '+'}${formatSoles(m.amountCents)}`}</b>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      {moving && shift && <CashMoveDialog direction={moving} onClose={() => setMoving(null)} onSave={(cents, reason) => move(moving, cents, reason)} />}
      {closing && shift && <CloseShiftDialog shift={shift} ridersHoldCents={ridersHoldingCash(state).reduce((n, r) => n + r.heldCents, 0)} onClose={() => setClosing(false)} onConfirm={close} />}
    </div>
  );
}
