import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockError, LOCK_FILE, lockDataDir } from './data-lock.ts';

/** The data folder's lock within one process; across processes and kill -9: data-lock.system.test.ts. */
const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pos-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('a second lock on the same folder is refused, naming the folder, the holder and its port', () => {
    const dir = fresh();
    const first = lockDataDir(dir, 4242);
    first.notePort(8080);
    let refusal: unknown;
    try {
      lockDataDir(dir, 4343);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataDirLockError);
    expect((refusal as Error).message).toBe(`Another hub is already running on the data folder ${dir} (process 4242, port 8080): stop it first, or start this one with another folder (--data DIR).`);
    expect((refusal as DataDirLockError).holder).toMatchObject({ pid: 4242, port: 8080 });
    first.release();
  });

  it('the same folder by another path (relative, with ..) is the same lock', () => {
    const dir = fresh();
    const first = lockDataDir(dir);
    expect(() => lockDataDir(path.relative(process.cwd(), path.join(dir, '..', path.basename(dir))))).toThrow(DataDirLockError);
    first.release();
  });

  it('a released lock can be taken again at once; release twice is harmless', () => {
    const dir = fresh();
    const first = lockDataDir(dir);
    first.release();
    first.release();
    first.notePort(1);
    const again = lockDataDir(dir, 77);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: 77, port: null });
    again.release();
  });

  it('a lock file with garbage in it (or a holder that wrote nothing yet) still refuses, without naming a holder', () => {
    const dir = fresh();
    const first = lockDataDir(dir);
    writeFileSync(path.join(dir, LOCK_FILE), '{"pid":"__proto__"}garbage');
    expect(() => lockDataDir(dir)).toThrow(/^Another hub is already running on the data folder [^()]+: stop it first/);
    first.release();
  });

  it('makes a missing folder (0700) and keeps the lock file private (0600)', () => {
    const dir = path.join(fresh(), 'new', 'data');
    const lock = lockDataDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, LOCK_FILE)).mode & 0o777).toBe(0o600);
    lock.release();
  });
});
