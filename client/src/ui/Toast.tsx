import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { outbox } from '../sync/outbox.ts';
import { showToast, ui } from './ui-store.ts';

/**
 * The bars that hold a screen's primary buttons at the bottom (sticky action
 * bars, the table footer, the payment actions, a bottom-sheet dialog's
 * buttons). The toast sits just above the highest of them.
 */
const BOTTOM_BARS = '.action-bar, .status-footer, .pay-actions, .bulk-bar, .dialog-footer, [data-bottom-bar]';
/** A bar counts when it ends within this many px of the screen's bottom edge (a sticky bar, not one mid-page). */
const NEAR_BOTTOM_PX = 24;
const GAP_PX = 8;

/** How far from the bottom edge the toast goes: above every bar pinned to the bottom of the screen. */
export function bottomClearance(doc: Document, viewportHeight: number): number {
  let reserve = 0;
  for (const bar of doc.querySelectorAll(BOTTOM_BARS)) {
    const r = bar.getBoundingClientRect();
    if (r.height === 0 || r.bottom < viewportHeight - NEAR_BOTTOM_PX || r.top >= viewportHeight) continue;
    reserve = Math.max(reserve, viewportHeight - r.top);
  }
  return reserve + GAP_PX;
}

/**
 * Shows the last refusal from the hub (translated from its code) and success
 * notes. It sits at the bottom, just above the screen's action bar: at the top
 * it hid the page title on a phone (issue 9), and over the bar it would hide
 * the buttons. Taps pass through it; screen readers hear it (alert/status).
 */
export function Toast() {
  const { t } = useTranslation();
  const { toast } = useSnapshot(ui);
  const { lastError } = useSnapshot(outbox);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!lastError) return;
    showToast(t(`errors.${lastError.code}`), 'error');
    outbox.lastError = null;
  }, [lastError, t]);
  // Measured when a toast appears, before it is painted: the bar's height differs per page and per width (it wraps on a phone).
  useLayoutEffect(() => {
    if (box.current) box.current.style.bottom = `${bottomClearance(document, window.innerHeight)}px`;
  }, [toast]);
  if (!toast) return null;
  return (
    <div ref={box} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
      {toast.text}
    </div>
  );
}
