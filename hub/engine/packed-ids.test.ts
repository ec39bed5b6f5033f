import { describe, expect, it } from 'vitest';
import { prng as rng } from '#hub/testing/prng.ts';
import { PackedIdTable, packId, unpackId } from './packed-ids.ts';

/**
 * The packed command-id table (issue 20, RSS at start-up) against a plain Map
 * of the same ids: every answer equal after every step of random adds and
 * removals, through growth, shrinking and probe runs that wrap round the end.
 */

const words = () => new Uint32Array(4);

function randomUuid(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('packId', () => {
  it.each<[string, string, boolean]>([
    ['a lowercase v4 uuid', '3072c09a-d522-4d03-bf7b-d5d8e81ba06c', true],
    ['the nil uuid', '00000000-0000-0000-0000-000000000000', true],
    ['the max uuid', 'ffffffff-ffff-ffff-ffff-ffffffffffff', true],
    ['a v7 uuid', '01890a5d-ac96-774b-bcce-b302099a8057', true],
    ['upper case (kept as its string: another id than its lowercase)', '3072C09A-D522-4D03-BF7B-D5D8E81BA06C', false],
    ['a job id with its suffix', '3072c09a-d522-4d03-bf7b-d5d8e81ba06c.0', false],
    ['a dash missing', '3072c09ad522-4d03-bf7b-d5d8e81ba06c0', false],
    ['a digit past f', '3072c09g-d522-4d03-bf7b-d5d8e81ba06c', false],
    ['a character past ASCII', '3072c09é-d522-4d03-bf7b-d5d8e81ba06c', false],
    ['__proto__', '__proto__', false],
    ['empty', '', false],
  ])('%s packs: %s', (_label, id, packs) => {
    const w = words();
    expect(packId(id, w)).toBe(packs);
    if (packs) expect(unpackId(w)).toBe(id);
  });
});

describe('PackedIdTable', () => {
  it('answers an id with the seq it was added with; a second add keeps the first', () => {
    const table = new PackedIdTable();
    const group = table.group();
    const w = words();
    packId('3072c09a-d522-4d03-bf7b-d5d8e81ba06c', w);
    expect(table.get(w)).toBeUndefined();
    expect(table.add(w, 12, group)).toBe(true);
    expect(table.add(w, 99, table.group())).toBe(false);
    expect(table.get(w)).toBe(12);
    expect(table.size).toBe(1);
    packId('00000000-0000-0000-0000-000000000000', w);
    expect(table.get(w)).toBeUndefined();
    expect(table.add(w, 0, group)).toBe(true);
    expect(table.get(w)).toBe(0);
    expect(group.count).toBe(2);
  });

  it.each([-1, Number.NaN])('refuses seq %s and holds nothing more', (seq) => {
    const table = new PackedIdTable();
    const w = words();
    packId('3072c09a-d522-4d03-bf7b-d5d8e81ba06c', w);
    expect(() => table.add(w, seq, table.group())).toThrow(RangeError);
    expect(table.size).toBe(0);
    expect(table.get(w)).toBeUndefined();
  });

  it.each([1, 2, 3])('random adds into groups and dropped groups answer as a Map does (seed %i)', (seed) => {
    const next = rng(seed);
    const table = new PackedIdTable();
    const model = new Map<string, { seq: number; group: number }>();
    const groups = Array.from({ length: 12 }, () => table.group());
    const pool = Array.from({ length: 4_000 }, () => randomUuid(next));
    const w = words();
    let grew = false;
    for (let step = 0; step < 30_000; step++) {
      if (next() < 0.002) {
        // An hour leaves the window: its ids go, and its group is used again for a later hour.
        const g = Math.floor(next() * groups.length);
        const gone = [...model].filter(([, v]) => v.group === g);
        expect(table.dropGroup(groups[g]!)).toBe(gone.length);
        for (const [id] of gone) model.delete(id);
      } else {
        const id = pool[Math.floor(next() * pool.length)]!;
        const g = Math.floor(next() * groups.length);
        packId(id, w);
        expect(table.add(w, step, groups[g]!)).toBe(!model.has(id));
        if (!model.has(id)) model.set(id, { seq: step, group: g });
      }
      grew ||= table.capacity > 1024;
      expect(table.size).toBe(model.size);
      if (step % 1_000 === 999) for (const p of pool) expect(table.get((packId(p, w), w))).toBe(model.get(p)?.seq);
    }
    expect(grew).toBe(true);
  });

  it('ids whose probes collide and wrap round the end are found after the ones before them go', () => {
    // Ids all homed in the last few slots of a 1024-slot table: their run wraps to the start.
    const next = rng(7);
    const w = words();
    const tail: string[] = [];
    while (tail.length < 40) {
      const id = randomUuid(next);
      // An id alone in an empty table sits in its home slot.
      const alone = new PackedIdTable();
      alone.add((packId(id, w), w), 1, alone.group());
      if (homeSlot(alone) >= 1024 - 8) tail.push(id);
    }
    const table = new PackedIdTable();
    // Each id a group of its own, so that they can be dropped one at a time, first placed first.
    const groups = tail.map((id, i) => {
      const group = table.group();
      table.add((packId(id, w), w), i, group);
      return group;
    });
    expect(table.capacity).toBe(1024);
    for (let k = 0; k < tail.length; k++) {
      expect(table.dropGroup(groups[k]!)).toBe(1);
      for (let j = 0; j < tail.length; j++) expect(table.get((packId(tail[j]!, w), w))).toBe(j > k ? j : undefined);
    }
    expect(table.size).toBe(0);
    expect(table.chunksInUse).toBe(0);
  });

  it('grows with its ids, shrinks once most are gone, and gives dropped chunks back', () => {
    const table = new PackedIdTable();
    const next = rng(11);
    const ids = Array.from({ length: 20_000 }, () => randomUuid(next));
    const w = words();
    const old = table.group();
    const recent = table.group();
    ids.forEach((id, i) => table.add((packId(id, w), w), i, i < 19_900 ? old : recent));
    const grown = table.capacity;
    expect(grown).toBeGreaterThanOrEqual(20_000 / 0.75);
    expect(table.chunksInUse).toBe(Math.ceil(19_900 / 256) + 1);
    expect(table.dropGroup(old)).toBe(19_900);
    expect(table.capacity).toBeLessThan(grown / 8);
    expect(table.chunksInUse).toBe(1);
    ids.slice(19_900).forEach((id, i) => expect(table.get((packId(id, w), w))).toBe(19_900 + i));
    ids.slice(0, 19_900).forEach((id) => expect(table.get((packId(id, w), w))).toBeUndefined());
  });
});

/** The one used slot of a table holding a single id (its home). */
function homeSlot(table: PackedIdTable): number {
  const slots = (table as unknown as { slots: Int32Array }).slots;
  return slots.findIndex((s) => s >= 0);
}
