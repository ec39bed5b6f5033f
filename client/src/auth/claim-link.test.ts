import { describe, expect, it } from 'vitest';
import { claimCodeFromLink, claimCodeInHash, keepClaimCodeFromLink } from './claim-link.ts';

describe('claimCodeInHash', () => {
  it.each([
    ['#/pages/setup/index?code=ABCD-EFGH', 'ABCD-EFGH'],
    ['#/pages/setup/index?code=abcd-efgh', 'ABCD-EFGH'],
    ['#/pages/setup/index?lang=es&code=ABCDEFGH', 'ABCDEFGH'],
    ['#/pages/setup/index', ''],
    ['#/pages/setup/index?code=', ''],
    ['#/pages/setup/index?code=__proto__', ''],
    ['#/pages/setup/index?code=<script>alert(1)</script>', ''],
    [`#/pages/setup/index?code=${'A'.repeat(5000)}`, ''],
    ['#/pages/setup/index?code=AB%0ACD', ''],
  ])('%s -> %j', (hash, code) => {
    expect(claimCodeInHash(hash)).toBe(code);
  });
});

describe('keepClaimCodeFromLink', () => {
  it('keeps the code and leaves the address as the plain setup page', () => {
    const replaced: string[] = [];
    const location = { pathname: '/', search: '', hash: '#/pages/setup/index?code=WXYZ-2345' } as Location;
    const history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => void replaced.push(url) } as unknown as History;
    keepClaimCodeFromLink(location, history);
    expect(claimCodeFromLink()).toBe('WXYZ-2345');
    expect(replaced).toEqual(['/#/pages/setup/index']);
  });

  it('an address without a code is left alone', () => {
    const replaced: string[] = [];
    const history = { state: null, replaceState: () => void replaced.push('x') } as unknown as History;
    keepClaimCodeFromLink({ pathname: '/', search: '', hash: '#/pages/tables/index' } as Location, history);
    expect(replaced).toEqual([]);
  });
});
