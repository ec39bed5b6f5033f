import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { State } from '#protocol';
import { session } from '../auth/session.ts';
import { replica } from '../sync/replica.ts';
import { isOwnOrder, markSeen, readyBumps, useReady } from './kitchen-ready.ts';
import { showToast } from './ui-store.ts';

/**
 * Toasts "Table S3: ready to serve (Kitchen)" on the device of the waiter
 * who opened the order, whichever page it shows, when a kitchen screen
 * bumps one of its tickets (kitchen-ready.ts). Bumps already there when the
 * device started are not announced again; the table map still marks them.
 */
export function KitchenReadySignal() {
  const { t } = useTranslation();
  const { state } = useSnapshot(replica);
  const { staff } = useSnapshot(session);
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!state) return;
    const bumps = readyBumps(state as State);
    if (known.current === null) {
      known.current = new Set(bumps.map((b) => b.id));
      return;
    }
    const before = known.current;
    // Kept to the bumps still there: a ticket recalled and bumped again is announced again.
    known.current = new Set(bumps.map((b) => b.id));
    for (const b of bumps) {
      if (before.has(b.id)) continue;
      if (!isOwnOrder(state as State, b.ticket.orderId, staff?.id ?? null)) continue;
      const text = t('kds.readyToast', { table: b.ticket.table });
      showToast(b.ticket.stationName ? `${text} · ${b.ticket.stationName}` : text);
    }
  }, [state, staff, t]);
  return null;
}

/** The mark on a table card while the kitchen has bumped some of its dishes and nobody opened the table here since. */
export function ReadyMark(props: { orderId: string; tableName: string }) {
  const { t } = useTranslation();
  const ready = useReady(props.orderId);
  if (ready.length === 0) return null;
  return (
    <span className="table-note table-ready" data-testid={`ready-${props.tableName}`}>
      {t('kds.readyMark')}
    </span>
  );
}

/** While an order's screen is open, what the kitchen bumps for it counts as seen on this device. */
export function useReadySeen(orderId: string): void {
  const ready = useReady(orderId);
  const latest = ready.reduce((max, b) => (b.bumpedAt > max ? b.bumpedAt : max), '');
  useEffect(() => {
    if (latest && replica.state) markSeen(replica.state, orderId);
  }, [orderId, latest]);
}
