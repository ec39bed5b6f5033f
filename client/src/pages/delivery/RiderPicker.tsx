import { useTranslation } from 'react-i18next';
import type { RiderProfile, State } from '#protocol';
import { Dialog } from '../../ui/Dialog.tsx';
import { RiderAvatar } from '../riders/RiderAvatar.tsx';
import { profileOf, RIDER_ROLE } from '../riders/rider-view.ts';
import { TAKEOUT_STATUS } from './contract.ts';
import { liveTakeouts } from './takeouts.ts';

/** A rider to choose: the staff member, their profile, and how many orders they carry now. */
export type RiderChoice = { id: string; name: string; profile: RiderProfile; carrying: number };

/** The restaurant's riders (staff with the rider role, not disabled), the least busy first, then by name. */
export function riderChoices(state: State): RiderChoice[] {
  const carrying = new Map<string, number>();
  for (const t of liveTakeouts(state)) {
    if (t.riderId && (t.status === TAKEOUT_STATUS.riderReceived || t.status === TAKEOUT_STATUS.pickedUp)) carrying.set(t.riderId, (carrying.get(t.riderId) ?? 0) + 1);
  }
  return Object.values(state.staff)
    .filter((s) => s.roleId === RIDER_ROLE && !s.disabled)
    .map((s) => ({ id: s.id, name: s.name, profile: profileOf(state, s.id), carrying: carrying.get(s.id) ?? 0 }))
    .sort((a, b) => a.carrying - b.carrying || a.name.localeCompare(b.name));
}

/** Choosing the rider of a delivery: each with avatar, number, level, deliveries made and what they carry now. */
export function RiderPicker(props: { state: State; onPick: (riderId: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const riders = riderChoices(props.state);
  return (
    <Dialog
      title={t('delivery.rider.choose')}
      onClose={props.onCancel}
      footer={
        <button className="btn" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      }
    >
      {riders.length === 0 ? (
        <p className="empty" data-testid="no-riders">
          {t('delivery.rider.none')}
        </p>
      ) : (
        <div className="rider-list">
          {riders.map((r) => (
            <button key={r.id} className="btn rider-choice" onClick={() => props.onPick(r.id)} data-testid={`rider-${r.id}`}>
              <RiderAvatar name={r.name} profile={r.profile} />
              <span className="rider-choice-name">
                <b>
                  {r.name}
                  {r.profile.number ? ` · ${r.profile.number}` : ''}
                </b>
                <small className="hint">
                  {t(r.profile.kind === 'freelance' ? 'delivery.rider.freelance' : 'delivery.rider.own')} · {t('delivery.rider.level', { level: r.profile.level })} · {t('delivery.rider.sent', { count: r.profile.sentCount })}
                </small>
              </span>
              <span className={`rider-load${r.carrying > 0 ? ' busy' : ''}`}>{r.carrying > 0 ? t('delivery.rider.carrying', { count: r.carrying }) : t('delivery.rider.free')}</span>
            </button>
          ))}
        </div>
      )}
    </Dialog>
  );
}
