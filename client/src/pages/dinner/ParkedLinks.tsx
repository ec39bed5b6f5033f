import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ParkedOrder } from '#protocol';
import { useCanSend } from '../../auth/aliases.ts';
import { PATHS } from '../../routes.ts';
import { useView } from '../../sync/view.ts';

/** The address of "add to a pending order" (/pending_add) for one parked order, or for a new one. */
export function pendingAddPath(parkedId: string | null): string {
  return parkedId ? `${PATHS.pendingAdd}?parkedId=${encodeURIComponent(parkedId)}` : PATHS.pendingAdd;
}

/**
 * Links to /pending_add from where a waiter works (issue 9: it was reachable
 * only from /pending): one button per order hung up ("Add to P-3 · Mr Pérez")
 * and, when `withNew`, "New pending order". Shown only to a role that may add
 * to a pending order (its command's alias, as /pending itself).
 */
export function ParkedLinks(props: { withNew?: boolean; className?: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { state } = useView();
  const canAdd = useCanSend('pending.addLines');
  const canNew = useCanSend('pending.hangUp');
  const parked: ParkedOrder[] = state ? Object.values(state.parked).sort((a, b) => a.no - b.no) : [];
  const showNew = props.withNew === true && canNew;
  if ((!canAdd || parked.length === 0) && !showNew) return null;
  const name = (p: ParkedOrder) => (p.label ? `${t('pending.no', { no: p.no })} · ${p.label}` : t('pending.no', { no: p.no }));
  return (
    <div className={props.className ?? 'action-grid'} data-testid="parked-links">
      {showNew && (
        <button type="button" className="btn" onClick={() => navigate(pendingAddPath(null))} data-testid="page-pendingAdd">
          {t('pending.new')}
        </button>
      )}
      {canAdd &&
        parked.map((p) => (
          <button type="button" key={p.id} className="btn" onClick={() => navigate(pendingAddPath(p.id))} data-testid={`add-to-parked-${p.no}`}>
            {t('pending.addTitle', { label: name(p) })}
          </button>
        ))}
    </div>
  );
}
