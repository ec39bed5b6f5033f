import type { EventOf, SecurityAlert, Staff, State } from '#protocol';
import { getOwn, withOwn } from '../records.ts';

/** How many alerts the state keeps; the oldest dismissed ones fall off first (the activity log keeps every one). */
export const MAX_ALERTS = 30;

function patchStaff(s: State, id: string, patch: Partial<Staff>): State {
  const staff = getOwn(s.staff, id);
  return staff ? { ...s, staff: withOwn(s.staff, id, { ...staff, ...patch }) } : s;
}

function keepBounded(alerts: Record<string, SecurityAlert>): Record<string, SecurityAlert> {
  const list = Object.values(alerts);
  if (list.length <= MAX_ALERTS) return alerts;
  // Dismissed before open ones, oldest first: an unread alert is the last to go.
  const drop = list.sort((a, b) => Number(a.dismissed === false) - Number(b.dismissed === false) || a.at.localeCompare(b.at)).slice(0, list.length - MAX_ALERTS);
  const out = { ...alerts };
  for (const a of drop) delete out[a.id];
  return out;
}

/** Folds staff, role and security events. */
export const staffAppliers = {
  'role.saved': (s: State, e: EventOf<'role.saved'>): State => ({ ...s, roles: withOwn(s.roles, e.role.id, e.role) }),
  'staff.saved': (s: State, e: EventOf<'staff.saved'>): State => {
    const before = getOwn(s.staff, e.staff.id);
    // An edit keeps what the profile form does not carry.
    const staff: Staff = { ...e.staff, disabled: before?.disabled ?? false, hasPin: before?.hasPin ?? false, hasPassword: before?.hasPassword ?? false };
    return { ...s, staff: withOwn(s.staff, staff.id, staff) };
  },
  'staff.disabledSet': (s: State, e: EventOf<'staff.disabledSet'>): State => patchStaff(s, e.staffId, { disabled: e.disabled }),
  'staff.credentialsNoted': (s: State, e: EventOf<'staff.credentialsNoted'>): State => patchStaff(s, e.staffId, { hasPin: e.hasPin, hasPassword: e.hasPassword }),
  // Sign-ins and sign-outs change nothing live: they are in the log for the activity view.
  'staff.signedIn': (s: State, _e: EventOf<'staff.signedIn'>): State => s,
  'staff.signedOut': (s: State, _e: EventOf<'staff.signedOut'>): State => s,
  // Only the activity keeps it: secrets never enter the state (a new object all the same, as every applier returns).
  'security.secretChanged': (s: State): State => ({ ...s }),
  'security.alertRaised': (s: State, e: EventOf<'security.alertRaised'>): State => ({ ...s, alerts: keepBounded(withOwn(s.alerts, e.alert.id, e.alert)) }),
  'security.alertDismissed': (s: State, e: EventOf<'security.alertDismissed'>): State => {
    const alert = getOwn(s.alerts, e.alertId);
    return alert ? { ...s, alerts: withOwn(s.alerts, alert.id, { ...alert, dismissed: true }) } : s;
  },
};
