import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Command, State } from '#protocol';
import { packSnapshot, ROLE_PRESETS } from '#protocol';
import { applyAll, decide, emptyState } from '#domain';
import { demoCommands } from '#hub/demo/seed.ts';
import { currentView, snapshotFor } from '#hub/presenters/index.ts';

/**
 * The device's copy across a user switch and a reload, with the real modules
 * (a reload is a fresh import of them, given only what IndexedDB kept).
 */

const at = '2026-11-22T12:00:00.000Z';
const OWNER = 'staff-owner';
const WAITER = 'staff-waiter';

function run(state: State, type: Command['type'], payload: unknown, n: number): State {
  const command = { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, type, payload, deviceId: 'd', at } as Command;
  const d = decide(state, command, { now: at, actor: { staffId: null, deviceId: 'd' } });
  if (!d.ok) throw new Error(`${type}: ${d.code}`);
  return applyAll(state, d.events);
}

/** A hub's state with an owner, a waiter and a security alert naming a device. */
function hubState(): State {
  let s = emptyState();
  for (const c of demoCommands('d', at)) {
    const d = decide(s, c, { now: at, actor: { staffId: null, deviceId: 'd' } });
    if (!d.ok) throw new Error(d.code);
    s = applyAll(s, d.events);
  }
  s = run(s, 'role.save', { id: 'owner', name: '', aliases: [...ROLE_PRESETS.owner] }, 101);
  s = run(s, 'role.save', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter] }, 102);
  s = run(s, 'staff.save', { id: OWNER, name: 'Rosa', code: '101', roleId: 'owner' }, 103);
  s = run(s, 'staff.save', { id: WAITER, name: 'Lucía', code: '103', roleId: 'waiter' }, 104);
  const alert = { id: 'alert-1', at, scope: 'device' as const, staffId: WAITER, deviceId: 'phone-7', failures: 9, lockedSeconds: 60, dismissed: false };
  return { ...s, alerts: { 'alert-1': alert } };
}

/** The modules as a freshly loaded page has them. */
async function freshPage() {
  vi.resetModules();
  const replica = await import('./replica.ts');
  const fold = await import('./replica-fold.ts');
  const applied = await import('./applied-commands.ts');
  const view = await import('./view.ts');
  return { ...replica, ...fold, ...applied, ...view };
}

beforeEach(() => {
  vi.resetModules();
});

describe('a user switch never shows the previous person their copy', () => {
  it('narrows an owner\'s copy to what the waiter may see, at once, without the hub', async () => {
    const page = await freshPage();
    const source = { storeId: 's', seq: 9, state: hubState() };
    page.applySnapshot(packSnapshot(snapshotFor(source, OWNER)));
    expect(Object.keys(page.replica.state!.alerts)).toEqual(['alert-1']);
    expect(page.replica.view).toBe(currentView(source.state, OWNER));

    // The waiter signs in on the owner's till; the hub is out of reach.
    page.narrowReplicaTo(WAITER);
    // Exactly what the hub would send the waiter, by the same presenters.
    expect(page.replica.state).toEqual(snapshotFor(source, WAITER).state);
    expect(page.replica.state!.alerts).toEqual({});
    expect(Object.keys(page.replica.state!.roles)).toEqual(['waiter']);
    expect(page.replica.state!.staff[OWNER]?.hasPin).toBe(false);
    expect(JSON.stringify(page.replica.state)).not.toContain('phone-7');
    // The copy names no view: the hub's next handshake answers with the waiter's own snapshot.
    expect(page.replica.view).toBe('');
    // What is kept in IndexedDB is the narrowed copy.
    expect(JSON.stringify(page.replicaToKeep())).not.toContain('phone-7');
  });

  it('leaves a copy shaped for the same person as it is (no snapshot needed after an unlock)', async () => {
    const page = await freshPage();
    const source = { storeId: 's', seq: 9, state: hubState() };
    page.applySnapshot(packSnapshot(snapshotFor(source, WAITER)));
    const before = page.replica.state;
    page.narrowReplicaTo(WAITER);
    expect(page.replica.state).toBe(before);
    expect(page.replica.view).toBe(currentView(source.state, WAITER));
    // The owner signing in on the waiter's phone sees no more than the waiter's copy until the hub sends theirs.
    page.narrowReplicaTo(OWNER);
    expect(page.replica.state!.alerts).toEqual({});
    expect(page.replica.view).toBe('');
  });

  it('a sign-out leaves nothing private in the copy', async () => {
    const page = await freshPage();
    page.applySnapshot(packSnapshot(snapshotFor({ storeId: 's', seq: 9, state: hubState() }, OWNER)));
    page.narrowReplicaTo(null);
    expect(page.replica.state!.alerts).toEqual({});
    expect(page.replica.state!.roles).toEqual({});
  });
});

describe('applied command ids are kept with the replica', () => {
  const restock = { id: '00000000-0000-4000-8000-0000000000aa', type: 'product.adjustStock', payload: { productId: 'p-206', op: 'add', qty: 3, reason: 'compra' }, deviceId: 'd', at } as Command;
  const item = { n: 1, command: restock };

  /** The kept copy after the hub's change for `restock` arrived but its ack did not (then the page reloads offline). */
  async function keptAfterChange() {
    const page = await freshPage();
    const base = hubState();
    page.applySnapshot(packSnapshot(snapshotFor({ storeId: 's', seq: 5, state: base }, OWNER)));
    const d = decide(page.replica.state!, restock, { now: at, actor: { staffId: null, deviceId: 'd' } });
    if (!d.ok) throw new Error(d.code);
    expect(page.applyChanges([{ seq: 6, commandId: restock.id, events: d.events }])).toBe(true);
    expect(page.foldPending(page.replica.state!, [item], page.appliedCommands()).products['p-206']?.stock).toBe(23);
    // As IndexedDB gives it back: a structured copy.
    return structuredClone(page.replicaToKeep()!);
  }

  it('after a reload while offline, a queued command whose change is in the kept copy counts once (23, not 26)', async () => {
    const kept = await keptAfterChange();
    expect(kept.applied).toContain(restock.id);
    const page = await freshPage();
    expect(page.appliedCommands().size).toBe(0);
    page.restoreReplica(kept);
    expect(page.replica.state?.products['p-206']?.stock).toBe(23);
    expect(page.foldPending(page.replica.state!, [item], page.appliedCommands()).products['p-206']?.stock).toBe(23);
  });

  it('without them (what the older client kept) the same reload shows 26: the double count this guards against', async () => {
    const kept = await keptAfterChange();
    delete kept.applied;
    const page = await freshPage();
    page.restoreReplica(kept);
    expect(page.foldPending(page.replica.state!, [item], page.appliedCommands()).products['p-206']?.stock).toBe(26);
  });

  it('keeps the copy packed, and at most APPLIED_LIMIT ids, the newest', async () => {
    const page = await freshPage();
    page.applySnapshot(packSnapshot({ storeId: 's', seq: 0, state: emptyState() }));
    const n = page.APPLIED_LIMIT + 100;
    const changes = Array.from({ length: n }, (_, i) => ({ seq: i + 1, commandId: `c-${i + 1}`, events: [] }));
    expect(page.applyChanges(changes)).toBe(true);
    const kept = page.replicaToKeep()!;
    expect(kept.applied).toHaveLength(page.APPLIED_LIMIT);
    expect(kept.applied!.at(-1)).toBe(`c-${n}`);
    expect(kept.applied).not.toContain('c-1');
    expect(kept.state).toBeUndefined();
    expect(kept.packed).toBeDefined();
  });
});

describe('a change whose events the hub left out (issue 20: job events go to nobody)', () => {
  it('advances the seq and leaves the copy as it was, so the next change is no gap', async () => {
    const page = await freshPage();
    page.applySnapshot(packSnapshot(snapshotFor({ storeId: 's', seq: 5, state: hubState() }, WAITER)));
    const before = page.replica.state;
    expect(page.applyChanges([{ seq: 6, commandId: 'c-job-start', events: [] }])).toBe(true);
    expect(page.replica.seq).toBe(6);
    expect(page.replica.state).toBe(before);
    // The next change folds on: no gap, nothing asked again.
    expect(page.applyChanges([{ seq: 7, commandId: 'c-job-finish', events: [] }])).toBe(true);
    expect(page.replica.seq).toBe(7);
  });
});

