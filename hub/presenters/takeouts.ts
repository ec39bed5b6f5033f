import type { DomainEvent, State, Takeout } from '#protocol';
import { emptyState } from '#domain';
import { holds, type Viewer } from './viewer.ts';

/**
 * Who sees take-away and delivery orders (issue 21, presenters/README.md):
 * - holders of M002 (counter) or M005 (delivery) see the live takeouts; payment holders too
 *   (the till settles them);
 * - the customer's phone and the delivery details (address, receiver, phones) only go to
 *   M005 and payment holders: the counter's screen and the pickup board show codes and names;
 * - a rider-only role (the `rider` preset) sees only the takeouts assigned to them and those
 *   waiting for a rider (accepted deliveries without one), never the rest of the day's.
 */
const RIDER_ROLE = 'rider';

export const seesTakeouts = (viewer: Viewer) => holds(viewer, 'M002', 'M005', 'payment');
const seesPersonalData = (viewer: Viewer) => holds(viewer, 'M005', 'payment');
export const isRiderOnly = (viewer: Viewer) => viewer.roleId === RIDER_ROLE;

/** Whether a rider may see this takeout: theirs, or a delivery the restaurant took that has no rider yet. */
export function riderMaySee(t: Takeout, riderId: string | null): boolean {
  if (t.riderId !== null) return t.riderId === riderId;
  return t.method === 0 && (t.status === 2 || t.status === 12);
}

/** A takeout without the guest's phone and delivery details (name and codes stay: they are called out at the counter). */
export function withoutPersonalData(t: Takeout): Takeout {
  return { ...t, customer: { name: t.customer.name, phone: '' }, delivery: null };
}

/** The takeout as this viewer may see it, or null when they may not. */
export function presentTakeout(t: Takeout, viewer: Viewer): Takeout | null {
  if (!seesTakeouts(viewer)) return null;
  if (isRiderOnly(viewer) && !riderMaySee(t, viewer.staffId)) return null;
  return seesPersonalData(viewer) ? t : withoutPersonalData(t);
}

/** The live takeouts slice for a viewer (a snapshot, never the command path). */
export function presentTakeouts(value: State['takeouts'], viewer: Viewer): State['takeouts'] {
  if (!seesTakeouts(viewer)) return emptyState().takeouts;
  const out: State['takeouts'] = {};
  for (const t of Object.values(value)) {
    const shown = presentTakeout(t, viewer);
    if (shown) Object.defineProperty(out, t.id, { value: shown, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * An event carrying a takeout, for a viewer. A rider's phone may hold a takeout that is no
 * longer theirs to see (another rider took it): it receives it as filed, so its copy drops it,
 * with nothing personal in it.
 */
export function presentTakeoutEvent<E extends DomainEvent & { takeout: Takeout }>(event: E, viewer: Viewer): DomainEvent | null {
  if (!seesTakeouts(viewer)) return null;
  const shown = presentTakeout(event.takeout, viewer);
  if (shown === null) return isRiderOnly(viewer) ? { type: 'takeout.filed', takeout: withoutPersonalData(event.takeout) } : null;
  return { ...event, takeout: shown } as DomainEvent;
}
