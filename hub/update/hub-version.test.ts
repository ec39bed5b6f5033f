import { describe, expect, it } from 'vitest';
import { compareReleases, hubVersion, isReleaseName, parseVersionLine, versionLine } from './hub-version.ts';
import pkg from '../../package.json' with { type: 'json' };

describe('hub version', () => {
  it('is package.json release from source, overridable there only by a safe name', () => {
    expect(hubVersion({})).toEqual({ release: pkg.version, build: 'source' });
    expect(hubVersion({ POS_HUB_VERSION_OVERRIDE: '0.2.0' }).release).toBe('0.2.0');
    expect(hubVersion({ POS_HUB_VERSION_OVERRIDE: '../x' }).release).toBe(pkg.version);
  });

  it('prints a line the updater reads back', () => {
    expect(parseVersionLine(versionLine({ release: '1.2.3', build: '20261129.abc1234' }))).toBe('1.2.3');
  });

  it.each([
    ['pos-hub 1.2.3 (build x)\n', '1.2.3'],
    ['pos-hub 1.2.3-rc1 (build 20261129.abc)', '1.2.3-rc1'],
    ['v24.21.0', null],
    ['pos-hub ../../etc (build x)', null],
    ['pos-hub __proto__ (build x)', null],
    ['pos-hub 1.2.3 (build x)\nand more', null],
    ['', null],
  ])('reads %j as %j', (line, release) => {
    expect(parseVersionLine(line)).toBe(release);
  });

  it.each([
    ['0.2.0', '0.1.0', 1],
    ['0.10.0', '0.9.9', 1],
    ['1.0.0', '1.0.0', 0],
    ['1.0', '1.0.0', 0],
    ['1.0.0-rc1', '1.0.0', -1],
    ['1.0.0-rc2', '1.0.0-rc1', 1],
    ['0.9.0', '1.0.0', -1],
  ])('orders %s against %s as %i', (a, b, order) => {
    expect(compareReleases(a, b)).toBe(order);
  });

  it.each(['', '.', '..', '1..2', 'a1', '1/2', '1 2', '1'.repeat(41)])('refuses %j as a release folder name', (name) => {
    expect(isReleaseName(name)).toBe(false);
  });
});
