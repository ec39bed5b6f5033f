import { describe, expect, it } from 'vitest';
import { run } from './snapshot-size.ts';

/** The size goal of issue 8 as bytes (no timing): a waiter's snapshot of a busy hub stays under 1 MB, as JSON and on the wire. */
describe('snapshot size per role', () => {
  it('a waiter receives under 1,000,000 bytes of JSON with 2,000 dishes and 200 open orders, and less than the owner', async () => {
    const r = await run();
    const f = r.figures;
    expect(f.waiterBytes).toBeLessThan(1_000_000);
    expect(f.waiterWireBytes).toBeLessThan(1_000_000);
    // Packing keeps at most two thirds of the plain JSON (today it keeps under half).
    expect(f.waiterBytes!).toBeLessThan((f.waiterUnpackedBytes! * 2) / 3);
    expect(f.waiterBytes).toBeLessThan(f.ownerBytes!);
    // The owner may see every slice: unpacked, its snapshot is the whole live state plus the view it was shaped for.
    expect(f.ownerUnpackedBytes!).toBeLessThan(f.hubStateBytes! + 2_000);
  });
});
