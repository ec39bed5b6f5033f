import { describe, expect, it } from 'vitest';
import { emptyState } from '../registry.ts';
import { decideOn, exec } from '../test-fixtures.ts';

describe('restaurant.rename', () => {
  it('renames the restaurant', () => {
    const { state, events } = exec(emptyState(), 'restaurant.rename', { name: 'La Mar' });
    expect(events).toEqual([{ type: 'restaurant.renamed', name: 'La Mar' }]);
    expect(state.restaurant.name).toBe('La Mar');
  });
});

describe('settings.save', () => {
  it('keeps the host names when a device that does not know them saves the rest', () => {
    let s = exec(emptyState(), 'settings.save', { ruc: '', idleLockMinutes: 5, hostNames: ['caja.lan'] }).state;
    s = exec(s, 'settings.save', { ruc: '20131312955', idleLockMinutes: 10 }).state;
    expect(s.settings).toEqual({ ruc: '20131312955', idleLockMinutes: 10, hostNames: ['caja.lan'] });
  });

  it('refuses a RUC whose check digit is wrong, and changes nothing', () => {
    expect(decideOn(emptyState(), 'settings.save', { ruc: '20131312954', idleLockMinutes: 5 })).toEqual({ ok: false, code: 'INVALID_RUC', message: 'ruc' });
  });
});
