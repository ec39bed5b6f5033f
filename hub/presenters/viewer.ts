import type { Alias, State } from '#protocol';
import { aliasesOf, getOwn } from '#domain';

/**
 * Who a message is shaped for: the signed-in person, their role and what
 * that role may use, read from the hub's committed state. Presenters depend
 * on these three fields only (never on the rest of the state), so folding
 * presented changes into a presented snapshot gives the presented state.
 */
export type Viewer = { staffId: string | null; roleId: string | null; aliases: ReadonlySet<Alias> };

/** The viewer a session's staff member is now (a disabled or unknown person holds nothing). */
export function viewerOf(state: State, staffId: string | null): Viewer {
  const staff = staffId === null ? undefined : getOwn(state.staff, staffId);
  return { staffId, roleId: staff?.roleId ?? null, aliases: aliasesOf(state, staffId) };
}

/**
 * A short name of everything a viewer's presentation depends on. A device
 * keeps the key its copy was shaped for; when it differs from the current
 * one (the role changed, another person signed in), only a snapshot will do.
 */
export function viewKey(viewer: Viewer): string {
  return `${viewer.staffId ?? '-'}|${viewer.roleId ?? '-'}|${[...viewer.aliases].sort().join(',')}`;
}

/** Whether the viewer holds any of these aliases. */
export function holds(viewer: Viewer, ...aliases: Alias[]): boolean {
  return aliases.some((a) => viewer.aliases.has(a));
}
