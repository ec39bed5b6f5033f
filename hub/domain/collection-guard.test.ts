import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emptyState } from './registry.ts';

/**
 * Issue 20: no rule copies or walks a whole collection of the live state on
 * the command path, unless the collection is one a restaurant bounds (40
 * areas, 400 tables...) and the place is listed below with why. The guard
 * reads every non-test file of hub/domain line by line, as
 * hub/lint-boundaries.test.ts does for imports, and finds:
 *
 * - `spread`: a whole collection spread (`{ ...s.products }`, `[...Object.values(...)]` aside);
 * - `walk`: `Object.values/keys/entries(s.<collection>)`, `for (... in s.<collection>)`,
 *   `JSON.stringify(s.<collection>)`, `structuredClone(s.<collection>)`;
 * - `copy per id`: `x = withOwn(x, ...)` / `x = withoutOwn(x, ...)`, one whole copy per id in a
 *   loop (records.ts `withChanges` makes one).
 *
 * It sees a collection through the state's own name (`s.`, `state.`, `slice.`...), not
 * through a variable it was put in first: a reviewer still reads those.
 * hub/domain/README.md "What the live state holds and its bounds" is the prose of COLLECTIONS.
 */

const DOMAIN = path.dirname(fileURLToPath(import.meta.url));

type Bound = 'bounded' | 'large';
/** Every keyed collection of the state, its bound, and why (nested ones by their path). */
const COLLECTIONS: Record<string, { bound: Bound; why: string }> = {
  categories: { bound: 'bounded', why: 'the menu\'s sections: tens' },
  products: { bound: 'large', why: 'a 2,000-dish menu: never walked on the command path; a write still copies it (README)' },
  areas: { bound: 'bounded', why: 'MAX_AREAS = 40' },
  tables: { bound: 'bounded', why: 'MAX_TABLES = 400' },
  orders: { bound: 'bounded', why: 'open orders only (a settled one leaves for the day archive): what is open at once' },
  staff: { bound: 'bounded', why: 'the restaurant\'s people: tens' },
  roles: { bound: 'bounded', why: 'the presets and a few of the owner\'s' },
  alerts: { bound: 'bounded', why: 'MAX_ALERTS = 30 (staff/appliers.ts keepBounded)' },
  upcomingReservations: { bound: 'large', why: 'today and RESERVATION_DAYS_AHEAD = 60 days: hundreds to a few thousand; read by day (reservations/day-index.ts)' },
  'queue.entries': { bound: 'bounded', why: 'today\'s numbers, QUEUE_MAX_PER_DAY = 999' },
  parked: { bound: 'bounded', why: 'orders hung up now: tens' },
  printers: { bound: 'bounded', why: 'the restaurant\'s printers and screens: tens' },
  printerStatus: { bound: 'bounded', why: 'one per printer' },
  'kitchenDisplay.tickets': { bound: 'bounded', why: 'KDS_MAX_OPEN_TICKETS = 300 open + KDS_KEEP_BUMPED_PER_STATION = 50 bumped per station' },
  'kitchenDisplay.bumped': { bound: 'bounded', why: 'one list per station' },
  'kitchenDisplay.retired': { bound: 'bounded', why: 'one note per station' },
  fiscalNumbers: { bound: 'bounded', why: 'one counter per series, and only the current day\'s summary counter (einvoice/feature.ts)' },
  pendingSummary: { bound: 'bounded', why: 'SUMMARY_MAX_LINES = 500 a day: the 500th line plans its day\'s summary (einvoice/day-summaries.ts)' },
  billCorrections: { bound: 'large', why: 'every corrected bill, kept live for good: grows with the years (README: open)' },
  tallyEntries: { bound: 'bounded', why: 'today\'s book only: past days are filed with the next entry' },
  accounts: { bound: 'large', why: 'open on-account debts: grows while customers do not pay' },
  riders: { bound: 'bounded', why: 'one profile per rider: some of the restaurant\'s people (tens)' },
  takeouts: { bound: 'bounded', why: 'live take-away and delivery orders only (closed, cancelled and refused ones leave for their day files): what is open at once' },
  takeoutIntakeKeys: { bound: 'bounded', why: 'one key per live channel order (it leaves with its takeout)' },
  refunds: { bound: 'bounded', why: 'open refunds only (applied, accepted, paid out; rejected and finished ones leave for their day files): what is open at once' },
  refundOfBill: { bound: 'bounded', why: 'one key per open refund (it leaves with its refund)' },
  // Members (issue 22): tens of thousands, so each slice is 256 buckets (protocol/buckets.ts): a write copies one bucket.
  members: { bound: 'bounded', why: '256 buckets by a hash of the id (~80 members each at 20,000): read and written through bucketGet/bucketWith, one bucket a write' },
  memberByPhone: { bound: 'bounded', why: '256 buckets by a hash of the phone, as members' },
  memberByNo: { bound: 'bounded', why: '256 buckets by a hash of the number, as members' },
  memberByDoc: { bound: 'bounded', why: '256 buckets by a hash of the document, as members' },
  coupons: { bound: 'bounded', why: '256 buckets by a hash of the code (~200 each at 50,000): a gift, hold or redeem copies one bucket; issuing a batch copies the buckets it touches once' },
  couponBatches: { bound: 'bounded', why: 'the owner\'s batches: a few a month, a few hundred over years' },
};

/** Names the state does not hold as a collection a rule may walk (the jobs leave the state: core, issue 20). */
const NOT_GUARDED = new Set(['jobs']);

type Kind = 'spread' | 'walk' | 'copy per id';
type Allowed = { file: string; kind: Kind; collection: string; count: number; why: string };

/** Where a rule may copy or walk a whole collection today, and why that costs what a restaurant bounds, not its history. */
const ALLOWED: Allowed[] = [
  // Setup and migrations: not the command path (run once on open, or by tests).
  { file: 'dine-in/migration-5.ts', kind: 'walk', collection: 'orders', count: 1, why: 'a store migration, run once when a store is opened' },
  { file: 'goods/upgrade.ts', kind: 'walk', collection: 'products', count: 2, why: 'store migration 3, run once when a store is opened' },
  { file: 'goods/upgrade.ts', kind: 'walk', collection: 'orders', count: 2, why: 'store migration 3, run once when a store is opened' },
  { file: 'stuck-tables.ts', kind: 'walk', collection: 'tables', count: 1, why: 'for tests only, never on the command path' },
  { file: 'stuck-tables.ts', kind: 'walk', collection: 'orders', count: 1, why: 'for tests only, never on the command path' },
  // Coupons: issuing a batch copies the table of 256 buckets once (not the 50,000 coupons; each touched bucket once).
  { file: 'coupons/appliers.ts', kind: 'spread', collection: 'coupons', count: 1, why: 'the bucket table (256 entries), once per batch issued' },
  // The floor: names unique among at most 40 areas and 400 tables.
  { file: 'dine-in/floor.ts', kind: 'walk', collection: 'tables', count: 3, why: 'MAX_TABLES = 400: a name check and the area-empty check of the owner\'s floor setup' },
  { file: 'dine-in/floor.ts', kind: 'walk', collection: 'areas', count: 1, why: 'MAX_AREAS = 40' },
  // Staff and printers: the restaurant's own people and machines.
  { file: 'permissions.ts', kind: 'walk', collection: 'staff', count: 2, why: 'the restaurant\'s people (tens): whether it is claimed, its owners' },
  { file: 'approval.ts', kind: 'walk', collection: 'staff', count: 2, why: 'the restaurant\'s people (tens): who may approve' },
  { file: 'staff/handlers.ts', kind: 'walk', collection: 'staff', count: 1, why: 'a staff code unique among the restaurant\'s people (tens)' },
  { file: 'riders/handlers.ts', kind: 'walk', collection: 'riders', count: 1, why: 'a rider number unique among the riders (tens), on the owner\'s rider.save' },
  { file: 'printing/printer-rules.ts', kind: 'walk', collection: 'printers', count: 2, why: 'the restaurant\'s printers (tens)' },
  { file: 'printing/routing.ts', kind: 'walk', collection: 'printers', count: 2, why: 'the restaurant\'s printers (tens), for routing a ticket' },
  // The menu: the owner's goods page, not a sale.
  { file: 'goods/product.ts', kind: 'walk', collection: 'products', count: 1, why: 'product.save: a code unique in the menu; the owner editing the menu, never a sale (README: open, an index by code needs a state key)' },
  { file: 'goods/menu-handlers.ts', kind: 'walk', collection: 'products', count: 1, why: 'menu.saveStations: a station still used by a dish; the owner setting up stations, never a sale' },
  { file: 'goods/import-row.ts', kind: 'walk', collection: 'products', count: 1, why: 'menu.import: the whole menu is what is imported; once per import, not per row' },
  { file: 'goods/import-row.ts', kind: 'walk', collection: 'categories', count: 2, why: 'menu.import: the menu\'s sections (tens), once per import' },
  { file: 'goods/import-changes.ts', kind: 'walk', collection: 'categories', count: 1, why: 'the import preview\'s names: the menu\'s sections (tens)' },
  { file: 'goods/export-table.ts', kind: 'walk', collection: 'products', count: 1, why: 'the menu export (GET, on demand), not a command' },
  { file: 'goods/stock-appliers.ts', kind: 'spread', collection: 'categories', count: 1, why: 'menu.imported: one copy for a whole import' },
  { file: 'goods/stock-appliers.ts', kind: 'spread', collection: 'products', count: 1, why: 'menu.imported: one copy for a whole import (the import writes many products)' },
  { file: 'goods/menu-appliers.ts', kind: 'spread', collection: 'products', count: 1, why: 'product.manySet: one copy for a bulk edit of many products' },
  { file: 'kitchen-display/ticket-index.ts', kind: 'walk', collection: 'kitchenDisplay.tickets', count: 1, why: 'builds the indexes once for state written before them (bounded tickets); every later rule reads the indexes' },
  // Today's book and a day's summary.
  { file: 'tally/handlers.ts', kind: 'walk', collection: 'tallyEntries', count: 1, why: 'past days\' entries to file: the state holds one day\'s book' },
  { file: 'tally/appliers.ts', kind: 'walk', collection: 'tallyEntries', count: 1, why: 'tally.filed: one copy without the filed day, once a day' },
  { file: 'einvoice/summary.ts', kind: 'walk', collection: 'pendingSummary', count: 1, why: 'einvoice.summarize, the hub\'s, once per summary: what it walks is what it sends (a day\'s boletas)' },
  { file: 'einvoice/issue-parts.ts', kind: 'copy per id', collection: '', count: 1, why: 'a split bill\'s documents (at most a few) numbered on a local copy of fiscalNumbers (bounded)' },
];

/** The receivers through which a rule names the state or a slice of it. */
const RECEIVER = String.raw`\b(?:s|state|slice|prev|next|after|base)\.`;

function collectionPattern(name: string): string {
  // `kitchenDisplay.tickets` is reached as s.kitchenDisplay.tickets or slice.tickets.
  const parts = name.split('.');
  const last = parts[parts.length - 1]!;
  return parts.length === 1 ? `${RECEIVER}${last}\\b` : `${RECEIVER}(?:${parts.slice(0, -1).join('\\.')}\\.)?${last}\\b`;
}

type Finding = { file: string; line: number; kind: Kind; collection: string; text: string };

/** The findings of one file's source. */
export function findingsIn(file: string, source: string): Finding[] {
  const out: Finding[] = [];
  const lines = source.split('\n');
  for (const [i, raw] of lines.entries()) {
    const text = raw.replace(/\/\/.*$/, '');
    if (/^\s*\*/.test(text)) continue;
    for (const name of Object.keys(COLLECTIONS)) {
      const c = collectionPattern(name);
      const found = (kind: Kind) => out.push({ file, line: i + 1, kind, collection: name, text: raw.trim() });
      if (new RegExp(String.raw`\.\.\.\s*\(?\s*${c}(?!\s*[\[(])`).test(text)) found('spread');
      if (new RegExp(String.raw`(?:Object\.(?:values|keys|entries)|JSON\.stringify|structuredClone)\(\s*${c}(?!\s*[\[(.])`).test(text) || new RegExp(String.raw`for\s*\(\s*(?:const|let)\s+\w+\s+in\s+${c}`).test(text)) found('walk');
    }
    if (/\b(\w+)\s*=\s*with(?:out)?Own\(\s*\1\s*,/.test(text)) out.push({ file, line: i + 1, kind: 'copy per id', collection: '', text: raw.trim() });
  }
  return out;
}

/** Every rule file of hub/domain (tests, fixtures and samples aside), relative to it. */
function ruleFiles(dir = DOMAIN): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...ruleFiles(full));
    else if (entry.name.endsWith('.ts') && !/\.test\.ts$|^test-|^samples\.ts$/.test(entry.name)) out.push(path.relative(DOMAIN, full).split(path.sep).join('/'));
  }
  return out;
}

const key = (f: { file: string; kind: Kind; collection: string }) => `${f.file} | ${f.kind} | ${f.collection}`;

describe('no rule copies or walks a whole collection unless a restaurant bounds it', () => {
  it('every keyed collection of the state is listed with its bound', () => {
    const state = emptyState() as unknown as Record<string, unknown>;
    const records = Object.keys(state).filter((k) => {
      const v = state[k];
      return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'object' && x !== null && 'id' in x);
    });
    for (const k of records) if (!NOT_GUARDED.has(k)) expect(COLLECTIONS, `${k}: add it to COLLECTIONS (and the README) with its bound`).toHaveProperty([k]);
  });

  it('finds nothing outside the allowed places, and every allowed place is still there', () => {
    const found = new Map<string, Finding[]>();
    for (const file of ruleFiles()) for (const f of findingsIn(file, readFileSync(path.join(DOMAIN, file), 'utf8'))) found.set(key(f), [...(found.get(key(f)) ?? []), f]);
    const problems: string[] = [];
    for (const [k, list] of found) {
      const allowed = ALLOWED.find((a) => key(a) === k);
      const where = list.map((f) => `  ${f.file}:${f.line}: ${f.text}`).join('\n');
      if (!allowed) problems.push(`${k}: not allowed. Write one key (records.ts getOwn/withChanges), keep an index, or add it to ALLOWED with why it is bounded:\n${where}`);
      else if (allowed.count !== list.length) problems.push(`${k}: ${list.length} found, ${allowed.count} allowed:\n${where}`);
    }
    for (const a of ALLOWED) if (!found.has(key(a))) problems.push(`${key(a)}: allowed but gone; take it off ALLOWED`);
    expect(problems, problems.join('\n\n')).toEqual([]);
  });

  it('every allowed place on a large collection says why it is off the sale path', () => {
    for (const a of ALLOWED) {
      expect(a.why.length, key(a)).toBeGreaterThan(10);
      if (a.collection) expect(COLLECTIONS, key(a)).toHaveProperty([a.collection]);
    }
  });
});

describe('the guard bites', () => {
  it.each<[string, string, Kind | null, string]>([
    ['a spread of the products', 'const products = { ...s.products };', 'spread', 'products'],
    ['a spread of the orders through state', 'return { ...state.orders, [id]: o };', 'spread', 'orders'],
    ['a walk of the orders', 'for (const o of Object.values(s.orders)) n++;', 'walk', 'orders'],
    ['a walk of upcoming reservations with a default', 'Object.values(state.upcomingReservations ?? {})', 'walk', 'upcomingReservations'],
    ['a walk of the tickets through the slice', 'Object.entries(slice.tickets)', 'walk', 'kitchenDisplay.tickets'],
    ['a walk of the tickets through the state', 'Object.keys(s.kitchenDisplay.tickets).length', 'walk', 'kitchenDisplay.tickets'],
    ['a for..in over the accounts', 'for (const id in s.accounts) total++;', 'walk', 'accounts'],
    ['comparing a whole collection as text', 'JSON.stringify(s.billCorrections) === x', 'walk', 'billCorrections'],
    ['a copy per id in a loop', 'for (const id of ids) pending = withoutOwn(pending, id);', 'copy per id', ''],
    ['one key read', 'const p = getOwn(s.products, id);', null, ''],
    ['one key written', 'return { ...s, products: withOwn(s.products, id, p) };', null, ''],
    ['the slice spread, not its tickets', 'return { ...s, kitchenDisplay: { ...s.kitchenDisplay, bumps } };', null, ''],
    ['an event\'s own list', 'for (const x of Object.values(e.entries)) n++;', null, ''],
    ['a comment', '// never Object.values(s.orders) here', null, ''],
  ])('%s', (_label, line, kind, collection) => {
    const found = findingsIn('x.ts', line);
    expect(found.map((f) => [f.kind, f.collection])).toEqual(kind ? [[kind, collection]] : []);
  });
});
