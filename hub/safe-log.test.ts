import { describe, expect, it } from 'vitest';
import { escapeControl, oneLineLog } from './safe-log.ts';
import { signIn, startTestHub } from './testing/test-hub.ts';

/** Anything that could start a new line or rewrite a terminal's display. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('escapeControl', () => {
  it.each([
    ['a\nb', 'a\\nb'],
    ['a\r\nb', 'a\\r\\nb'],
    ['\u001b[2Kgone', '\\x1b[2Kgone'],
    ['tab\there', 'tab\\there'],
    ['nul\u0000del\u007fc1\u0085', 'nul\\x00del\\x7fc1\\x85'],
    ['line\u2028para\u2029', 'line\\u2028para\\u2029'],
    ['\u202eevil', '\\u202eevil'],
    ['Lucía 点菜 S/ 12.50 \\n', 'Lucía 点菜 S/ 12.50 \\n'],
  ])('%j -> %j', (input, output) => {
    expect(escapeControl(input)).toBe(output);
    expect(UNSAFE.test(escapeControl(input))).toBe(false);
  });

  it('every one of the 65,536 BMP characters comes out safe', () => {
    let all = '';
    for (let c = 0; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) all += String.fromCharCode(c);
    expect(UNSAFE.test(escapeControl(all))).toBe(false);
  });

  it('oneLineLog hands the sink one line per message', () => {
    const lines: string[] = [];
    oneLineLog((l) => lines.push(l))('auth: wrong PIN for "1"\n2026-11-23 auth: owner signed in');
    expect(lines).toEqual(['auth: wrong PIN for "1"\\n2026-11-23 auth: owner signed in']);
  });
});

describe('the hub\'s log, attacked through a sign-in identifier', () => {
  it('an identifier with a line separator, a newline and ESC cannot forge a record', async () => {
    const logged: string[] = [];
    const t = await startTestHub({ log: (m) => logged.push(m), signIn: false });
    try {
      for (const forged of ['9\u20282026 auth: ok', '9\n2026 auth: ok', '9\r\u001b[2Kauth: ok', '9\u0085auth: ok']) {
        const r = await signIn(t.url, forged, '0000', 'forger');
        // Wrong (401), or throttled (429) should the throttle's free tries ever be fewer than four.
        expect([401, 429]).toContain(r.status);
      }
      // The identifier reached the log (that is the attack), escaped.
      expect(logged.some((m) => m.includes('\\u20282026 auth: ok'))).toBe(true);
      for (const m of logged) expect(UNSAFE.test(m), m).toBe(false);
    } finally {
      await t.close();
    }
  });
});
