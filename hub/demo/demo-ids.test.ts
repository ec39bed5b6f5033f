import { describe, expect, it } from 'vitest';
import { parseCommand } from '#protocol';
import { demoCommands } from './seed.ts';

describe('the demo restaurant under the id rule (issue 7 item 2)', () => {
  it('every command that seeds it passes the protocol, ids included', () => {
    const refused = demoCommands('hub-demo', new Date().toISOString()).flatMap((c) => {
      const parsed = parseCommand(c);
      return parsed.ok ? [] : [`${c.type}: ${parsed.code} ${parsed.message}`];
    });
    expect(refused).toEqual([]);
  });
});
