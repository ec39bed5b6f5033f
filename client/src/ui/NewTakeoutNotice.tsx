import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import type { State } from '#protocol';
import { useAliases } from '../auth/aliases.ts';
import { NAV } from '../routes.ts';
import { replica } from '../sync/replica.ts';
import { armChime, chime } from './chime.ts';
import { newArrivals, REMINDER_MS, waitingTakeouts } from './new-takeout.ts';
import './takeout-notice.css';

/** The delivery orders' list (SPEC.md /pages/take_out/index): the left window's own entry, so the two never part. */
const DELIVERY_LIST = NAV.find((n) => n.key === 'delivery')?.path ?? '/pages/take_out/index';

/**
 * On every page of a device whose person holds M005 (delivery): "There is a
 * new order to take away!" with "Go and check", and a chime when one
 * arrives (again every minute while any waits), live from the replica. The
 * banner sits in the page's flow under the other banners; on the delivery
 * list itself only the chime plays (the list shows the order).
 * `data-chimes` counts the chimes played, for tests and for a person
 * wondering why it rang.
 */
export function NewTakeoutNotice() {
  const aliases = useAliases();
  if (!aliases.has('M005')) return null;
  return <Notice />;
}

function Notice() {
  const { t } = useTranslation();
  const { state } = useSnapshot(replica);
  const [location] = useLocation();
  const announced = useRef<Set<string>>(new Set());
  const [chimes, setChimes] = useState(0);
  const waiting = state ? waitingTakeouts(state as State) : [];
  const count = waiting.length;
  const ring = () => {
    if (chime()) setChimes((n) => n + 1);
  };

  useEffect(armChime, []);
  useEffect(() => {
    if (!state) return;
    const { fresh, announced: next } = newArrivals(announced.current, waitingTakeouts(state as State));
    announced.current = next;
    if (fresh.length > 0) ring();
  }, [state]);
  useEffect(() => {
    if (count === 0) return;
    const timer = setInterval(ring, REMINDER_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (count === 0 || location === DELIVERY_LIST) return <span hidden data-testid="takeout-notice-idle" data-chimes={chimes} />;
  return (
    <div className="banner takeout-notice" role="alert" data-testid="takeout-notice" data-chimes={chimes}>
      <span className="takeout-notice-text">
        {t('intake.notice.title')}
        {count > 1 && <small>{t('intake.notice.count', { count })}</small>}
      </span>
      <Link href={DELIVERY_LIST} className="btn btn-small btn-accent" data-testid="takeout-notice-go">
        {t('intake.notice.go')}
      </Link>
    </div>
  );
}
