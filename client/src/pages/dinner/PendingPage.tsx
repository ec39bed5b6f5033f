import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { ParkedOrder, Table } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { Icon } from '../../ui/icons.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { parkedCents, parkedPortions } from './parked.ts';
import { SeatDialog } from './SeatDialog.tsx';
import './ordering.css';

/** Seats a parked order at a table and opens that table's order (SPEC.md /pending: resume). */
export function seatParked(parked: ParkedOrder, table: Table, navigate: (to: string) => void, seatedText: string): void {
  void enqueue('pending.resume', { parkedId: parked.id, tableId: table.id, orderId: uuid() }).then((reply) => reply.ok && showToast(seatedText));
  navigate(`${PATHS.dinner}?tableId=${encodeURIComponent(table.id)}`);
}

/** /pages/dining_table/pending: orders hung up to finish later, each to add to, seat or discard. */
export function PendingPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { state } = useView();
  const [seating, setSeating] = useState<ParkedOrder | null>(null);
  const [discarding, setDiscarding] = useState<ParkedOrder | null>(null);
  if (!state) return <p className="empty">{t('tables.loading')}</p>;
  const parked = Object.values(state.parked).sort((a, b) => a.no - b.no);
  const name = (p: ParkedOrder) => p.label || t('pending.no', { no: p.no });
  return (
    <div className="page pending-page">
      <header className="dinner-head">
        <Link href={PATHS.tables} className="btn btn-ghost" aria-label={t('order.back')}>
          <Icon name="arrowLeft" />
        </Link>
        <h1>{t('pending.title')}</h1>
        <Link href={PATHS.pendingAdd} className="btn btn-primary" data-testid="pending-new">
          <Icon name="plus" /> {t('pending.new')}
        </Link>
      </header>
      {parked.length === 0 ? (
        <p className="empty">{t('pending.empty')}</p>
      ) : (
        <ul className="pending-list">
          {parked.map((p) => (
            <li key={p.id} className="pending-card" data-testid="pending-card">
              <div className="pending-info">
                <span className="pending-no">{t('pending.no', { no: p.no })}</span>
                <b className="pending-label">{p.label}</b>
                <span className="hint">
                  {t('tables.people', { count: p.people })} · {t('pending.dishes', { count: parkedPortions(p) })}
                </span>
                <b className="pending-total">{formatSoles(parkedCents(state, p))}</b>
              </div>
              <div className="pending-actions">
                <Link href={`${PATHS.pendingAdd}?parkedId=${encodeURIComponent(p.id)}`} className="btn" data-testid="pending-add">
                  {t('pending.add')}
                </Link>
                <button className="btn btn-primary" onClick={() => setSeating(p)} data-testid="pending-seat">
                  {t('pending.seat')}
                </button>
                <button className="btn btn-danger-outline" onClick={() => setDiscarding(p)} data-testid="pending-discard">
                  {t('pending.discard')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {seating && (
        <SeatDialog
          state={state}
          parked={seating}
          onClose={() => setSeating(null)}
          onPick={(table) => {
            setSeating(null);
            seatParked(seating, table, navigate, t('pending.seated', { table: table.name }));
          }}
        />
      )}
      {discarding && (
        <ConfirmDialog
          title={t('pending.discardConfirm', { label: name(discarding) })}
          confirmLabel={t('pending.discard')}
          testId="discard-confirm"
          danger
          onCancel={() => setDiscarding(null)}
          onConfirm={() => {
            void enqueue('pending.discard', { parkedId: discarding.id });
            setDiscarding(null);
          }}
        />
      )}
    </div>
  );
}
