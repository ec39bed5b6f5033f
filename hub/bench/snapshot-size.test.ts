import { describe, expect, it } from 'vitest';
import { run } from './snapshot-size.ts';

/** The size goal of issue 8 as bytes (no timing): a waiter's snapshot of a busy hub stays under 1 MB on the wire. */
describe('snapshot size per role', () => {
  it('a waiter receives under 1 MB with 2,000 dishes and 200 open orders, and less than the owner', async () => {
    const r = await run();
    const f = r.figures;
    expect(f.waiterWireBytes).toBeLessThan(1_000_000);
    expect(f.waiterBytes).toBeLessThan(f.ownerBytes!);
    // The owner may see every slice: its snapshot is the whole live state plus the view it was shaped for.
    expect(f.ownerBytes!).toBeLessThan(f.hubStateBytes! + 2_000);
  });
});
