import { describe, expect, it } from 'vitest';
import { settingsSchema } from '#protocol';
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

describe('settings.save closing hour', () => {
  it('keeps the closing hour when a device that does not know it saves the rest', () => {
    let s = exec(emptyState(), 'settings.save', { ruc: '', idleLockMinutes: 5, closingHour: 3 }).state;
    expect(s.settings.closingHour).toBe(3);
    s = exec(s, 'settings.save', { ruc: '', idleLockMinutes: 10 }).state;
    expect(s.settings.closingHour).toBe(3);
    s = exec(s, 'settings.save', { ruc: '', idleLockMinutes: 10, closingHour: 0 }).state;
    expect(s.settings.closingHour).toBe(0);
  });
});

describe('settings.save closing hour (the protocol refuses before the rules)', () => {
  it.each([24, -1, 3.5, '4'])('refuses %s', (closingHour) => {
    expect(settingsSchema.safeParse({ ruc: '', idleLockMinutes: 5, closingHour }).success).toBe(false);
  });
  it.each([0, 23])('accepts %s', (closingHour) => {
    expect(settingsSchema.safeParse({ ruc: '', idleLockMinutes: 5, closingHour }).success).toBe(true);
  });
});
