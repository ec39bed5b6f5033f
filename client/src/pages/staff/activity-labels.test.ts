import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES } from '#protocol';
import { staffEs } from './i18n/es.ts';

/**
 * Every command a person (or the hub) can record shows in the activity view
 * under a readable label, never as its raw type ("order.giftLine"). English
 * and Chinese follow from the i18n completeness test.
 */
describe('activity labels', () => {
  it('has a Spanish label for every command type', () => {
    const types = staffEs.staffAdmin.types as Record<string, Record<string, string> | undefined>;
    const missing = COMMAND_TYPES.filter((type) => {
      const [group, name] = type.split('.') as [string, string];
      return !types[group]?.[name];
    });
    expect(missing).toEqual([]);
  });
});
