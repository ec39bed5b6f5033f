import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { emptyState } from '../registry.ts';
import { requestBackup } from './request.ts';
import { BACKUP_REACTORS } from './reactions.ts';

const hub = { staffId: null, deviceId: 'hub' };
const owner = { staffId: 'st-owner', deviceId: 'dev-1' };
const at = (actor: typeof hub | typeof owner) => ({ now: '2026-11-29T09:30:00.000Z', actor });

describe('backup.run', () => {
  const s: State = emptyState();
  it.each([
    ['the owner backs up now', owner, 'onDemand', true],
    ['the hub after the nightly export', hub, 'nightly', true],
    ['the hub on demand (the update, R8)', hub, 'onDemand', true],
    // A person cannot name a backup nightly: the nights rotate on their own.
    ['a person asking for a nightly one', owner, 'nightly', false],
  ] as const)('%s: accepted %s', (_label, actor, reason, ok) => {
    const before = JSON.stringify(s);
    const d = requestBackup(s, { reason }, at(actor));
    expect(d.ok).toBe(ok);
    if (d.ok) expect(d.events).toEqual([{ type: 'backup.requested', reason }]);
    else expect(d).toMatchObject({ code: 'FORBIDDEN', message: 'reason' });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('causes one backup job of the same reason', () => {
    const react = BACKUP_REACTORS['backup.requested']!;
    expect(react({ type: 'backup.requested', reason: 'onDemand' }, s, '2026-11-29T09:30:00.000Z')).toEqual([{ kind: 'backup.make', payload: { reason: 'onDemand' } }]);
  });
});
