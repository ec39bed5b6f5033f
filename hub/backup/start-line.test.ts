import { afterEach, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { NO_PASSPHRASE_LINE } from './index.ts';

/**
 * Issue 23 review: a box whose owner never opened the backup page makes no
 * backup at all and refuses updates. The console (what the technician reads
 * at the install, and the journal) says so at every start until a passphrase
 * is set, and stops saying it once one is.
 */
describe('the start line about the backup passphrase', () => {
  const hubs: TestHub[] = [];
  afterEach(async () => {
    // The second hub runs on the first one's folder: it closes first, then the first removes the folder.
    for (const t of hubs.reverse()) await t.close();
    hubs.length = 0;
  });

  it('is printed at each start without a passphrase, and no longer once one is set', async () => {
    const lines: string[] = [];
    const first = await startTestHub({ log: (m) => lines.push(m) });
    hubs.push(first);
    expect(lines).toContain(NO_PASSPHRASE_LINE);
    await first.hub.backups.setPassphrase('anticuchos al carbón');
    await first.hub.close();

    const again: string[] = [];
    hubs.push(await startTestHub({ dataDir: first.dataDir, log: (m) => again.push(m) }));
    expect(again.some((l) => l.startsWith('store: '))).toBe(true);
    expect(again).not.toContain(NO_PASSPHRASE_LINE);
  });
});
