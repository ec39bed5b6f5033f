import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, SaleDocument } from '#protocol';
import { businessDayRange, closingHourOf } from '#hub/domain/business-day.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { parseCsv } from '#hub/goods-io/csv.ts';
import { listZip } from '#hub/goods-io/zip.ts';
import type { ExportsReply } from '#hub/http/routes/exports/schema.ts';
import type { SuggestedDayReply } from '#hub/http/routes/exports/suggested-day.ts';
import { demoPick, openOrder, until } from '#hub/jobs/printing/test-orders.ts';
import { command, DEMO_OWNER, getJson, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { readManifest, sha256 } from './folder.ts';

/**
 * The nightly export in a whole hub with the clock in hand: the closing hour
 * of the last day of March writes that day's folder (sales, lines, the Z
 * report, the e-invoice files, the month's PLE and workbook), once; the owner
 * exports again on demand; the files read back (CSV parsed, XLSX through
 * openpyxl, zip listed, sha256 against the manifest); the routes refuse a
 * waiter and hostile names.
 */

const DAY = '2026-03-31';
const PRICE = 11_800;
let t: TestHub;
let now = new Date('2026-04-01T01:00:00.000Z'); // 20:00 in Lima on the 31st
let waiter = '';
let closing = 0;

async function send(cmd: Command): Promise<void> {
  const reply = await postCommand(t.url, cmd);
  expect(reply.body, cmd.type).toMatchObject({ ok: true });
}

async function settle(document: SaleDocument, tableIndex: number, productId: string): Promise<void> {
  const { tableId } = demoPick(t.hub.engine.state, tableIndex);
  const { orderId, open } = openOrder(tableId);
  await send(open);
  await send(command('order.addLines', { orderId, lines: [{ lineId: crypto.randomUUID(), productId, qty: 1, remark: '' }] }));
  await send(command('order.send', { orderId }));
  await send(command('order.settle', { orderId, payments: [{ method: 'cash', amountCents: PRICE }], document, print: false }));
  await send(command('table.clear', { tableId }));
}

const root = () => join(t.dataDir, 'exports');
const exportJobs = (day: string) => [...t.hub.engine.jobs.values()].filter((j) => j.kind === 'export.day' && j.payload.day === day);

beforeAll(async () => {
  t = await startTestHub({ clock: () => now });
  const state = t.hub.engine.state;
  const dish = state.products[demoPick(state).productId]!;
  // A dish whose name would be a formula in a spreadsheet.
  await send(command('product.save', { id: 'p-export-1', code: 'X901', names: { es: '=HYPERLINK("http://x")', en: '', zh: '' }, categoryId: dish.categoryId, priceCents: PRICE, sort: 901, station: dish.station }));
  await send(command('fiscal.saveSettings', SAMPLE_FISCAL));
  // The demo restaurant's shift is open (money is taken only in one): these three bills are its.
  await settle({ kind: 'boleta', docId: '', name: '' }, 0, 'p-export-1');
  await settle({ kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' }, 1, 'p-export-1');
  await settle({ kind: 'note', docId: '', name: '' }, 2, 'p-export-1');
  await send(command('shift.close', { counted: { cash: 3 * PRICE }, note: '' }));
  waiter = await signedIn(t.url, '3', '3333', 'waiter-phone');
  closing = Date.parse(businessDayRange(DAY, closingHourOf(t.hub.engine.state.settings)).to);
}, 30_000);

afterAll(async () => {
  await t?.close();
});

describe('the nightly export', () => {
  it('a fresh hub asks for no export of the day that ended before it started: it sold nothing', async () => {
    await t.hub.exports.planner.runNow();
    expect([...t.hub.engine.jobs.values()].filter((j) => j.kind === 'export.day')).toEqual([]);
  });

  it('nothing at 1 ms before the closing hour; the day at the closing hour, once', async () => {
    now = new Date(closing - 1);
    await t.hub.exports.planner.runNow();
    expect(exportJobs(DAY)).toHaveLength(0);
    now = new Date(closing);
    await t.hub.exports.planner.runNow();
    await until('the day is exported', () => exportJobs(DAY).some((j) => j.status === 'done'));
    await t.hub.exports.planner.runNow();
    await t.hub.exports.planner.runNow();
    expect(exportJobs(DAY)).toHaveLength(1);
    expect((await readdir(root())).filter((n) => n.startsWith('.tmp-') || n.startsWith('.old-'))).toEqual([]);
  });

  it('the folder holds every file, each matching the manifest', async () => {
    const manifest = await readManifest(root(), DAY);
    const names = manifest!.files.map((f) => f.name).sort();
    expect(names).toEqual(
      expect.arrayContaining([`ventas-${DAY}.xlsx`, `ventas-${DAY}.csv`, `lineas-${DAY}.xlsx`, `lineas-${DAY}.csv`, `comprobantes-${DAY}.zip`, 'ventas-2026-03.xlsx', 'ventas-2026-03.csv']),
    );
    // Named by business day and the shift's number in it, never by an id.
    expect(names.filter((n) => n.startsWith('Z-'))).toEqual([`Z-${DAY}-turno-1.txt`]);
    expect(names.filter((n) => n === `LE${SAMPLE_FISCAL.ruc}20260300140100001111.txt`)).toHaveLength(1);
    for (const f of manifest!.files) {
      const bytes = await readFile(join(root(), DAY, f.name));
      expect([bytes.length, sha256(bytes)], f.name).toEqual([f.size, f.sha256]);
    }
    const z = await readFile(join(root(), DAY, names.find((n) => n.startsWith('Z-'))!), 'utf8');
    expect(z.length).toBeGreaterThan(100);
  });

  it('the CSV reads back: BOM, one row per bill, formulas neutralized, amounts with a point', async () => {
    const bytes = await readFile(join(root(), DAY, `ventas-${DAY}.csv`));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'), ',').map((r) => r.cells);
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['Boleta', 'Factura', 'Nota de venta']);
    expect(rows.slice(1).map((r) => r[12])).toEqual(['118.00', '118.00', '118.00']);
    // Tax base and IGV on the fiscal bills only (18 % IGV: 100.00 + 18.00).
    expect(rows.slice(1).map((r) => [r[13], r[14]])).toEqual([['100.00', '18.00'], ['100.00', '18.00'], ['', '']]);
    // The accountant reads methods in Spanish and people by name: no "cash", no staff id.
    // What guests handed over, then the change the drawer gave back (issue 19 item 4).
    expect(rows[0]!.slice(15, 18)).toEqual(['Medios de pago', 'Vuelto', 'Operador']);
    expect(rows.slice(1).map((r) => [r[15], r[16], r[17]])).toEqual(Array(3).fill(['Efectivo 118.00', '0.00', DEMO_OWNER.name]));
    const text = bytes.toString('utf8');
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(text).not.toContain(DEMO_OWNER.id);
    const lines = parseCsv((await readFile(join(root(), DAY, `lineas-${DAY}.csv`))).subarray(3).toString('utf8'), ',').map((r) => r.cells);
    expect(lines.slice(1).map((r) => r[4])).toEqual(['\'=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")']);
  });

  it('the XLSX opens in a real reader (openpyxl)', () => {
    const script = 'import sys, openpyxl\nws = openpyxl.load_workbook(sys.argv[1]).active\nrows = list(ws.iter_rows(values_only=True))\nprint(len(rows), rows[0][0], rows[1][3], rows[1][12], type(rows[1][12]).__name__)\nfor r in rows[1:]: print(r[15] + \' | \' + r[17])';
    const out = execFileSync('/usr/bin/python3', ['-c', script, join(root(), DAY, `ventas-${DAY}.xlsx`)], { encoding: 'utf8' }).trim().split('\n');
    expect(out[0]).toBe('4 Fecha Boleta 118 int');
    expect(out.slice(1)).toEqual(Array(3).fill(`Efectivo 118.00 | ${DEMO_OWNER.name}`));
  });

  it('the e-invoice files are zipped under SUNAT\'s names', async () => {
    const listing = listZip(await readFile(join(root(), DAY, `comprobantes-${DAY}.zip`)));
    const names = [...listing.keys()].sort();
    expect(names).toEqual([`${SAMPLE_FISCAL.ruc}-01-F001-1.xml`, `${SAMPLE_FISCAL.ruc}-03-B001-1.xml`]);
    const unzip = execFileSync('unzip', ['-l', join(root(), DAY, `comprobantes-${DAY}.zip`)], { encoding: 'utf8' });
    expect(unzip).toContain(`${SAMPLE_FISCAL.ruc}-03-B001-1.xml`);
  });

  it('the owner exports again on demand: the folder is replaced whole; a resend is mail only', async () => {
    const before = await readManifest(root(), DAY);
    now = new Date(closing + 60_000);
    await send(command('export.run', { day: DAY, what: 'all' }));
    await until('exported again', () => exportJobs(DAY).filter((j) => j.status === 'done').length === 2);
    const after = await readManifest(root(), DAY);
    expect(after!.createdAt).not.toBe(before!.createdAt);
    await send(command('export.run', { day: DAY, what: 'mail' }));
    expect(exportJobs(DAY)).toHaveLength(2);
  });

  it('refuses a waiter, a day to come, an impossible day and hostile ids', async () => {
    const as = { cookie: waiter };
    expect((await postCommand(t.url, command('export.run', { day: DAY, what: 'all' }), {}, as)).body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    for (const day of ['2026-04-02', '2026-02-30', '__proto__', '../../etc']) {
      expect((await postCommand(t.url, command('export.run', { day, what: 'all' }))).body, day).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    }
  });
});

describe('GET /api/exports', () => {
  it('lists the days with their files and deliveries', async () => {
    await until('the mail jobs ran', () => [...t.hub.engine.jobs.values()].filter((j) => j.kind === 'export.deliver').every((j) => j.status === 'done'));
    const r = await getJson<ExportsReply>(t.url, '/api/exports');
    expect(r.status).toBe(200);
    expect(r.body.days.map((d) => d.day)).toEqual([DAY]);
    expect(r.body.days[0]!.files.map((f) => f.name)).toContain(`ventas-${DAY}.csv`);
    // No mail set up: noted on the day, and nothing waits in the mail lane.
    expect(r.body.days[0]!.delivery.mail).toMatchObject({ ok: false, reason: 'MAIL_NOT_SET_UP' });
    expect(r.body.mailWaiting).toBe(false);
  });

  it('downloads a file the manifest lists, byte for byte', async () => {
    const res = await fetch(new URL(`/api/exports/${DAY}/ventas-${DAY}.csv`, t.url), { headers: { cookie: t.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="ventas-${DAY}.csv"`);
    expect(Buffer.from(await res.arrayBuffer()).equals(await readFile(join(root(), DAY, `ventas-${DAY}.csv`)))).toBe(true);
  });

  it.each([
    [`/api/exports/${DAY}/..%2F..%2Fconfig.json`, [400, 404]],
    [`/api/exports/${DAY}/__proto__`, [400]],
    [`/api/exports/${DAY}/constructor`, [404]],
    [`/api/exports/__proto__/x.csv`, [400]],
    [`/api/exports/..%2F${DAY}/x.csv`, [400, 404]],
    [`/api/exports/${DAY}/.deliveries.json`, [400]],
    ['/api/exports/2026-03-29/ventas-2026-03-29.csv', [404]],
  ])('%s is refused', async (path, statuses) => {
    const r = await getJson(t.url, path);
    expect(statuses).toContain(r.status);
  });

  it('offers the last day with bills when today has none yet (not an empty yesterday)', async () => {
    // The clock is past the 31st's closing hour: the 1st of April is under way and has sold nothing.
    expect(now.getTime()).toBeGreaterThan(closing);
    const r = await getJson<SuggestedDayReply>(t.url, '/api/exports/suggested-day');
    expect(r.body).toEqual({ ok: true, day: DAY, why: 'lastSales' });
  });

  it('refuses a waiter and no session', async () => {
    expect((await getJson(t.url, '/api/exports/suggested-day', { cookie: waiter })).status).toBe(403);
    expect((await getJson(t.url, '/api/exports', { cookie: waiter })).status).toBe(403);
    expect((await getJson(t.url, `/api/exports/${DAY}/ventas-${DAY}.csv`, { cookie: waiter })).status).toBe(403);
    expect((await getJson(t.url, '/api/exports', { cookie: null })).status).toBe(401);
  });
});
