import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addLines, command, NO_CUSTOMER, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/** Every directory and file under `dir` with its permission bits. */
async function modes(dir: string): Promise<Array<{ rel: string; dir: boolean; mode: number }>> {
  const out: Array<{ rel: string; dir: boolean; mode: number }> = [];
  const walk = async (abs: string): Promise<void> => {
    const s = await stat(abs);
    out.push({ rel: path.relative(dir, abs) || '.', dir: s.isDirectory(), mode: s.mode & 0o777 });
    if (s.isDirectory()) for (const name of await readdir(abs)) await walk(path.join(abs, name));
  };
  await walk(dir);
  return out;
}

const hubs: TestHub[] = [];
afterAll(async () => {
  await Promise.all(hubs.map((h) => h.close()));
});

/** A bill paid (archive/), then a snapshot (snapshot.json, activity/), as a day at the restaurant leaves them. */
async function aDayOfWork(t: TestHub): Promise<void> {
  const orderId = randomUUID();
  for (const c of [
    command('table.open', { tableId: 't-s1', orderId, people: 2, customer: NO_CUSTOMER }),
    addLines(orderId, ['p-101']),
    command('order.send', { orderId }),
    command('order.settleCash', { orderId, receivedCents: 100_000 }),
  ]) {
    expect((await postCommand(t.url, c)).body).toMatchObject({ ok: true });
  }
  await t.hub.engine.snapshot();
}

describe('the data directory is private to the hub', () => {
  it('a fresh one is 0700, every folder in it 0700, every file readable by the hub only', async () => {
    const t = await startTestHub();
    hubs.push(t);
    await aDayOfWork(t);
    const found = await modes(t.dataDir);
    const names = found.map((f) => f.rel);
    for (const expected of ['wal', 'archive', 'activity', 'snapshot.json', 'store.json', 'auth.json']) expect(names).toContain(expected);
    expect(names.some((n) => n.startsWith('archive/') && n.endsWith('.jsonl'))).toBe(true);
    expect(names.some((n) => n.startsWith('activity/') && n.endsWith('.jsonl'))).toBe(true);
    for (const f of found) {
      if (f.dir) expect([f.rel, f.mode.toString(8)]).toEqual([f.rel, '700']);
      else expect([f.rel, (f.mode & 0o077).toString(8)]).toEqual([f.rel, '0']);
    }
  });

  it('one made by hand with the usual 0755 is closed at start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pos-mode-'));
    await chmod(dataDir, 0o755);
    try {
      const t = await startTestHub({ dataDir });
      await t.close();
      expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe('700');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
