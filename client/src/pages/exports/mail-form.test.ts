import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, fieldOf, requestOf, withSecurity } from './mail-form.ts';

describe('the mail settings form', () => {
  it('reads recipients one per line (or separated by commas), trimmed, empty lines dropped', () => {
    const r = requestOf({ ...emptyDraft(), host: ' smtp.example.pe ', recipients: 'a@b.pe\n\n c@d.pe , e@f.pe;\n' });
    expect(r).toMatchObject({ host: 'smtp.example.pe', port: 587, recipients: ['a@b.pe', 'c@d.pe', 'e@f.pe'] });
    expect('password' in r).toBe(false);
  });

  it.each([
    ['587', 'tls', '465'],
    ['465', 'starttls', '587'],
    ['', 'none', '25'],
    ['2525', 'tls', '2525'],
  ] as const)('port %s switching to %s becomes %s', (port, security, expected) => {
    expect(withSecurity({ ...emptyDraft(), port }, security).port).toBe(expected);
  });

  it('sends a port that is not a number as -1 for the hub to refuse, and names the refused field', () => {
    expect(requestOf({ ...emptyDraft(), port: '58x' }).port).toBe(-1);
    expect([fieldOf('recipients.1'), fieldOf('port'), fieldOf('__proto__'), fieldOf('')]).toEqual(['recipients', 'port', 'other', 'other']);
  });

  it('starts from the stored settings without the password', () => {
    const d = draftOf({ host: 'h', port: 465, security: 'tls', user: 'u', from: 'a@b.pe', recipients: ['x@y.pe', 'z@y.pe'], passwordSet: true });
    expect(d).toEqual({ host: 'h', port: '465', security: 'tls', user: 'u', password: '', from: 'a@b.pe', recipients: 'x@y.pe\nz@y.pe' });
  });
});
