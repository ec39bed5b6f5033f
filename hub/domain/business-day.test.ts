import { describe, expect, it } from 'vitest';
import { businessDayOf, businessDayRange, closingHourOf, DEFAULT_CLOSING_HOUR } from './business-day.ts';

// Lima is UTC−5: 01:30 in Lima is 06:30Z.
describe('businessDayOf', () => {
  it.each([
    // [instant (UTC), closing hour, business day, why]
    ['2026-03-11T06:30:00.000Z', 3, '2026-03-10', '01:30 Lima, closing at 03:00: the evening before'],
    ['2026-03-11T07:59:59.999Z', 3, '2026-03-10', 'the last millisecond before closing'],
    ['2026-03-11T08:00:00.000Z', 3, '2026-03-11', 'at 03:00 sharp the new day starts'],
    ['2026-03-11T04:59:59.999Z', 0, '2026-03-10', 'closing at midnight: 23:59:59.999 Lima'],
    ['2026-03-11T05:00:00.000Z', 0, '2026-03-11', 'closing at midnight: 00:00 Lima is the calendar day'],
    ['2026-03-11T03:00:00.000Z', 0, '2026-03-10', '22:00 Lima the day before, though UTC says the 11th'],
    ['2026-03-12T03:59:59.000Z', 23, '2026-03-10', 'closing at 23:00: 22:59 Lima on the 11th is still the 10th'],
    ['2026-03-12T04:00:00.000Z', 23, '2026-03-11', 'closing at 23:00: 23:00 Lima starts the 11th'],
    ['2026-04-01T08:59:00.000Z', 4, '2026-03-31', 'month end: 03:59 Lima on April 1st'],
    ['2026-04-01T09:00:00.000Z', 4, '2026-04-01', 'month start at the closing hour'],
    ['2027-01-01T08:30:00.000Z', 4, '2026-12-31', 'New Year night belongs to the old year'],
    ['2027-01-01T09:00:00.000Z', 4, '2027-01-01', 'the new year starts at 04:00 Lima'],
    ['2028-03-01T07:00:00.000Z', 4, '2028-02-29', 'leap day night'],
    ['2026-03-01T07:00:00.000Z', 4, '2026-02-28', 'February end in a common year'],
    ['2026-06-15T17:00:00.000Z', 4, '2026-06-15', 'noon: the calendar day'],
  ])('%s closing at %i is %s (%s)', (iso, hour, day) => {
    expect(businessDayOf(iso, hour)).toBe(day);
  });

  it.each([
    ['not a date', 4],
    ['2026-03-11T06:30:00.000Z', 24],
    ['2026-03-11T06:30:00.000Z', -1],
    ['2026-03-11T06:30:00.000Z', 2.5],
  ])('refuses %s with closing hour %s', (iso, hour) => {
    expect(() => businessDayOf(iso, hour)).toThrow(RangeError);
  });
});

describe('businessDayRange', () => {
  it.each([
    ['2026-03-10', 3, '2026-03-10T08:00:00.000Z', '2026-03-11T08:00:00.000Z'],
    ['2026-12-31', 4, '2026-12-31T09:00:00.000Z', '2027-01-01T09:00:00.000Z'],
    ['2026-03-10', 0, '2026-03-10T05:00:00.000Z', '2026-03-11T05:00:00.000Z'],
  ])('%s closing at %i runs from %s to %s', (day, hour, from, to) => {
    expect(businessDayRange(day, hour)).toEqual({ from, to });
  });

  it('agrees with businessDayOf at both ends', () => {
    for (const hour of [0, 3, 4, 23]) {
      const { from, to } = businessDayRange('2026-07-20', hour);
      expect(businessDayOf(from, hour)).toBe('2026-07-20');
      expect(businessDayOf(new Date(Date.parse(to) - 1).toISOString(), hour)).toBe('2026-07-20');
      expect(businessDayOf(to, hour)).toBe('2026-07-21');
    }
  });
});

describe('closingHourOf', () => {
  it('reads the setting, and the default for older data', () => {
    expect(closingHourOf({ closingHour: 2 })).toBe(2);
    expect(closingHourOf({ closingHour: 0 })).toBe(0);
    expect(closingHourOf({})).toBe(DEFAULT_CLOSING_HOUR);
  });
});
