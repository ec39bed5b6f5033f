import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FiscalParty } from '#protocol';
import { rucCheckDigit } from '#protocol';
import type { DocumentMeta, DocumentQuery } from '../outbox/types.ts';
import { BUYERS_FILE, BuyerDirectory, MAX_BUYERS } from './buyer-directory.ts';

/**
 * The till's RUC look-up: what it learns from facturas, what it refuses to
 * learn, newest name wins, kept in a small file and rebuilt from the
 * document store when that file is lost or damaged.
 */

const RUC = '20100070970';
const OTHER = '20131312955';
const party = (idNumber: string, name: string, idType: FiscalParty['idType'] = '6'): FiscalParty => ({ idType, idNumber, name });

let dataDir = '';
let queries: DocumentQuery[] = [];
let stored: Pick<DocumentMeta, 'day' | 'time' | 'customer'>[] = [];
const reader = { list: async (q: DocumentQuery) => (queries.push(q), stored as DocumentMeta[]) };
/** Every directory a test made, flushed before its folder is removed (a save in flight would race the removal). */
let made: BuyerDirectory[] = [];
const make = () => {
  const directory = new BuyerDirectory({ dataDir, reader, clock: () => new Date('2026-11-27T15:00:00Z'), log: () => {}, saveDelayMs: 5 });
  made.push(directory);
  return directory;
};
const file = () => path.join(dataDir, 'einvoice', BUYERS_FILE);

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-buyers-'));
  queries = [];
  stored = [];
});
afterEach(async () => {
  await Promise.all(made.map((d) => d.flush()));
  made = [];
  await rm(dataDir, { recursive: true, force: true });
});

describe('what it learns', () => {
  it.each([
    ['a company with a valid RUC', party(RUC, 'Supermercados Peruanos S.A.'), 'Supermercados Peruanos S.A.'],
    ['the name trimmed', party(RUC, '  Supermercados Peruanos S.A.  '), 'Supermercados Peruanos S.A.'],
    ['a person with a DNI: never (a name behind a DNI is not for every till)', party('45678912', 'Ana Quispe', '1'), null],
    ['consumidor final', party('', '', '-'), null],
    ['a RUC with a wrong check digit', party('20100070971', 'Falsa S.A.'), null],
    ['a RUC without a name', party(RUC, '   '), null],
    ['a name longer than SUNAT allows', party(RUC, 'x'.repeat(1501)), null],
    ['nobody', null, null],
  ])('%s', (_name, buyer, expected) => {
    const directory = make();
    directory.remember(buyer, '2026-11-27T12:00:00');
    expect(directory.lookup(buyer?.idNumber || RUC)).toBe(expected);
  });

  it('newest name wins, whatever order the facturas are learnt in', () => {
    const directory = make();
    directory.remember(party(RUC, 'Nombre Nuevo S.A.C.'), '2026-11-27T12:00:00');
    directory.remember(party(RUC, 'Nombre Antiguo S.A.'), '2026-01-05T09:00:00');
    expect(directory.lookup(RUC)).toBe('Nombre Nuevo S.A.C.');
    directory.remember(party(RUC, 'Otro Nombre S.A.'), '2026-11-27T12:30:00');
    expect(directory.lookup(RUC)).toBe('Otro Nombre S.A.');
  });

  it('looks up only valid RUCs: __proto__, constructor, a DNI answer null', () => {
    const directory = make();
    directory.remember(party(RUC, 'Supermercados Peruanos S.A.'), '2026-11-27T12:00:00');
    for (const key of ['__proto__', 'constructor', 'toString', '45678912', '']) expect(directory.lookup(key)).toBeNull();
  });

  it(`keeps at most ${MAX_BUYERS} companies; the one invoiced longest ago goes first`, () => {
    const directory = make();
    const rucs = Array.from({ length: MAX_BUYERS + 1 }, (_, n) => `20${String(n).padStart(8, '0')}`).map((first10) => `${first10}${rucCheckDigit(first10)}`);
    rucs.forEach((ruc, i) => directory.remember(party(ruc, `Empresa ${i}`), `2026-01-01T00:00:${String(i).padStart(6, '0')}`));
    expect(directory.lookup(rucs[0]!)).toBeNull();
    expect(directory.lookup(rucs[1]!)).toBe('Empresa 1');
    expect(directory.lookup(rucs[MAX_BUYERS]!)).toBe(`Empresa ${MAX_BUYERS}`);
  });
});

describe('kept on disk', () => {
  it('written a moment after a change (0600), read back at the next start', async () => {
    const directory = make();
    directory.remember(party(RUC, 'Supermercados Peruanos S.A.'), '2026-11-27T12:00:00');
    await directory.flush();
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    const again = make();
    await again.load();
    expect(again.lookup(RUC)).toBe('Supermercados Peruanos S.A.');
    expect(queries).toEqual([]);
  });

  it('no file: rebuilt from the last 400 days of facturas in the store, then written', async () => {
    stored = [
      { day: '2026-02-01', time: '10:00:00', customer: party(RUC, 'Nombre Antiguo S.A.') },
      { day: '2026-11-20', time: '13:00:00', customer: party(RUC, 'Nombre Nuevo S.A.C.') },
      { day: '2026-11-21', time: '13:00:00', customer: party(OTHER, 'SUNAT') },
      { day: '2026-11-22', time: '13:00:00', customer: null },
    ];
    const directory = make();
    await directory.load();
    expect(queries).toEqual([{ from: '2025-10-24', to: '2026-11-27', kinds: ['01'] }]);
    expect([directory.lookup(RUC), directory.lookup(OTHER)]).toEqual(['Nombre Nuevo S.A.C.', 'SUNAT']);
    await directory.flush();
    expect(Object.keys(JSON.parse(await readFile(file(), 'utf8')).buyers).sort()).toEqual([RUC, OTHER]);
  });

  it.each([
    ['not JSON', '{"version":1,"buyers":{"2010'],
    ['another version', JSON.stringify({ version: 2, buyers: {} })],
    ['no buyers', JSON.stringify({ version: 1 })],
  ])('a damaged file (%s) is rebuilt from the store', async (_name, text) => {
    stored = [{ day: '2026-11-20', time: '13:00:00', customer: party(RUC, 'Supermercados Peruanos S.A.') }];
    await mkdir(path.join(dataDir, 'einvoice'), { recursive: true });
    await writeFile(file(), text);
    const directory = make();
    await directory.load();
    expect(directory.lookup(RUC)).toBe('Supermercados Peruanos S.A.');
  });

  it('a hand-edited file gives what is valid in it; __proto__ and bad RUCs are dropped', async () => {
    await mkdir(path.join(dataDir, 'einvoice'), { recursive: true });
    const text = `{"version":1,"buyers":{"__proto__":{"name":"x","at":"z"},"20100070971":{"name":"Falsa","at":"2026"},"${RUC}":{"name":"Supermercados Peruanos S.A.","at":"2026-11-27T12:00:00"},"${OTHER}":{"name":42,"at":"2026"}}}`;
    await writeFile(file(), text);
    const directory = make();
    await directory.load();
    expect(directory.lookup(RUC)).toBe('Supermercados Peruanos S.A.');
    expect(directory.lookup(OTHER)).toBeNull();
    expect(({} as Record<string, unknown>).name).toBeUndefined();
    expect(queries).toEqual([]);
  });
});
