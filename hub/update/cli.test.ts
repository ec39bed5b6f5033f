import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateApplyMain } from './cli.ts';

/** `pos-hub update-apply`'s options (the work itself is apply.ts's, tested there). */
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'pos-update-cli-'));
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('pos-hub update-apply', () => {
  it('exits 0 when no request waits (the path unit woke for nothing), without touching the root', async () => {
    expect(await updateApplyMain(['--data', path.join(dir, 'data'), '--root', path.join(dir, 'root')])).toBe(0);
    await expect(fs.access(path.join(dir, 'root'))).rejects.toThrow();
  });

  it.each([
    [['--help'], 0],
    [['--port', '0'], 2],
    [['--port', '80x'], 2],
    [['--give-up', '0'], 2],
    [['--give-up', '99999'], 2],
    [['--service', 'pos-hub.service; reboot'], 2],
    [['--service', '../x'], 2],
    [['--what'], 2],
    [['extra'], 2],
  ])('%j exits %i', async (args, code) => {
    expect(await updateApplyMain([...args, '--data', path.join(dir, 'data'), '--root', path.join(dir, 'root')])).toBe(code);
  });
});
