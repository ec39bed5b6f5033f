import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forEachLineOfFile } from './chunked-lines.ts';
import { forEachLineValue } from './line-bytes.ts';
import { encodeLineBytes } from './line-codec.ts';
import { useTempDirs } from './test-fixtures.ts';

/**
 * Lines read a chunk at a time (start-up reads a week of command ids this
 * way) give exactly what the whole file's bytes give, wherever the chunks
 * cut: inside a line, at its newline, inside a multi-byte character.
 */
const dirs = useTempDirs('pos-chunked-lines-');

const line = (v: unknown) => encodeLineBytes(v);
const values = [{ id: 'a', seq: 1 }, { id: 'ñandú 中文 €', seq: 2, result: { orderNo: 7 } }, { id: '__proto__', seq: 3 }, { id: 'x'.repeat(300), seq: 4 }];
const whole = Buffer.concat(values.map(line));
const damaged = Buffer.from(whole);
// A flipped byte inside the second line's JSON: its checksum fails.
const flipAt = whole.indexOf('ñandú') + 1;
damaged[flipAt] = damaged[flipAt]! ^ 0x01;

const cases: { name: string; bytes: Buffer }[] = [
  { name: 'whole lines', bytes: whole },
  { name: 'a torn last piece (no newline)', bytes: Buffer.concat([whole, line({ id: 'torn', seq: 5 }).subarray(0, 12)]) },
  { name: 'a damaged line among good ones', bytes: damaged },
  { name: 'an empty file', bytes: Buffer.alloc(0) },
  { name: 'a blank line', bytes: Buffer.concat([line({ id: 'a', seq: 1 }), Buffer.from('\n'), line({ id: 'b', seq: 2 })]) },
];

async function readChunked(file: string, chunk: number): Promise<unknown[]> {
  const out: unknown[] = [];
  await forEachLineOfFile(file, (v) => out.push(v), chunk);
  return out;
}

describe('forEachLineOfFile', () => {
  for (const c of cases) {
    it(`${c.name}: every chunk size gives what the whole bytes give`, async () => {
      const file = path.join(await dirs.make(), 'lines.jsonl');
      await fs.writeFile(file, c.bytes);
      const expected: unknown[] = [];
      forEachLineValue(c.bytes, (v) => expected.push(v));
      for (const chunk of [1, 2, 7, 9, 10, 64, 333, c.bytes.length, c.bytes.length + 1, 1 << 20]) {
        expect(await readChunked(file, chunk), `chunk ${chunk}`).toEqual(expected);
      }
    });
  }

  it('the damaged line comes as null and the others as written', async () => {
    const file = path.join(await dirs.make(), 'lines.jsonl');
    await fs.writeFile(file, damaged);
    expect(await readChunked(file, 5)).toEqual([values[0], null, values[2], values[3]]);
  });

  it('a missing file throws, as reading it whole does', async () => {
    const dir = await dirs.make();
    await expect(readChunked(path.join(dir, 'none.jsonl'), 16)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
