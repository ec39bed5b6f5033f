import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, State } from '#protocol';
import { decodeCsv, parseCsv } from '#hub/goods-io/csv.ts';
import { readXlsx } from '#hub/goods-io/xlsx-read.ts';
import { command, getState, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
  // A richer menu than the demo's: a size sold out, a station, remarks, a delisted dish.
  for (const c of [
    command('product.setSpecSoldOut', { productId: 'p-301', specId: 'sp-301-familiar', soldOut: true }),
    command('product.setListed', { productId: 'p-504', listed: false }),
    command('product.setSoldOut', { productId: 'p-502', soldOut: true }),
  ]) {
    const r = await postCommand(t.url, c);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

async function download(format: 'csv' | 'xlsx', lang = 'es', cookie: string = t.cookie): Promise<{ status: number; bytes: Buffer; type: string; disposition: string }> {
  const res = await fetch(new URL(`/api/goods/export?format=${format}&lang=${lang}`, t.url), { headers: { cookie } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '' };
}

async function upload(bytes: Buffer | string, query = '', cookie: string = t.cookie): Promise<{ status: number; body: ImportReport & { code?: string } }> {
  const res = await fetch(new URL(`/api/goods/import${query}`, t.url), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/octet-stream', origin: new URL(t.url).origin },
    body: new Uint8Array(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes),
  });
  return { status: res.status, body: (await res.json()) as ImportReport & { code?: string } };
}

/** The parts of the state a menu file describes. */
const menuOf = (s: State) => ({ categories: s.categories, products: s.products, stations: s.menuSettings.stations });

describe('GET /api/goods/export', () => {
  it('downloads the menu as CSV named after the restaurant and the day, with a BOM for Excel', async () => {
    const r = await download('csv');
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/csv');
    expect(r.disposition).toMatch(/attachment; filename="restaurante-demo-carta-\d{4}-\d{2}-\d{2}\.csv"/);
    expect([...r.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = r.bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Código,Categoría,Nombre (es),Nombre (en),Nombre (zh),Precio,Precio VIP,Tamaños,Controla stock,Stock,Alerta de stock,Estación,En carta,Agotado,Notas rápidas,Orden');
    expect(lines).toHaveLength(1 + Object.keys((await getState(t.url)).state.products).length);
    expect(lines.find((l) => l.startsWith('301,'))).toContain('Personal|Single|单人份=22.00; Familiar|Family size|家庭份=38.00/35.00');
  });

  it('downloads the menu as XLSX with headers in the asked language', async () => {
    const r = await download('xlsx', 'zh');
    expect(r.status).toBe(200);
    expect(r.type).toContain('spreadsheetml');
    expect(r.disposition).toMatch(/restaurante-demo-menu-\d{4}-\d{2}-\d{2}\.xlsx/);
    const rows = await readXlsx(r.bytes);
    expect(rows[0]?.cells.slice(0, 3)).toEqual(['编码', '分类', '名称（西语）']);
    const ceviche = rows.find((x) => x.cells[0] === '101')!;
    expect(ceviche.cells.slice(1, 7)).toEqual(['前菜', 'Ceviche clásico', 'Classic ceviche', '经典酸橘汁腌鱼', '32', '29']);
  });

  it('is refused to staff without goods management (waiter): FORBIDDEN', async () => {
    const waiter = await signedIn(t.url, '3', '3333', 'waiter-phone');
    expect((await download('csv', 'es', waiter)).status).toBe(403);
    expect((await upload('code,price\n101,1\n', '', waiter)).status).toBe(403);
  });
});

describe('POST /api/goods/import', () => {
  it.each(['csv', 'xlsx'] as const)('a %s export imported back changes nothing: state and seq stay equal', async (format) => {
    const before = await getState(t.url);
    const file = (await download(format)).bytes;
    const check = await upload(file, '?check=1');
    expect(check.body).toMatchObject({ imported: false, problems: [], created: 0, updated: 0, unchanged: Object.keys(before.state.products).length });
    const done = await upload(file);
    expect(done.body).toMatchObject({ imported: true, problems: [] });
    const after = await getState(t.url);
    expect(menuOf(after.state)).toEqual(menuOf(before.state));
    expect(after.seq).toBe(before.seq + 1);
  });

  it.each(['csv', 'xlsx'] as const)('an edited %s file changes exactly what was edited, in one logged command', async (format) => {
    const before = await getState(t.url);
    const file = (await download(format)).bytes;
    // Edit the file the way an owner would: through its text (CSV) or cells (XLSX, rewritten as CSV cells).
    const rows = (format === 'xlsx' ? await readXlsx(file) : parseCsv(decodeCsv(file))).map((r) => r.cells);
    const code = format === 'csv' ? '990' : '991';
    const header = rows[0]!;
    const price = header.indexOf('Precio');
    const lomo = rows.find((r) => r[0] === '201')!;
    lomo[price] = format === 'csv' ? '41.5' : '42,50';
    rows.push([code, 'Parrillas', 'Bife angosto', 'Sirloin', '', '55', '', '', 'sí', '7', '2', 'Parrilla', 'sí', 'no', '', '']);
    const csv = rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n');
    const done = await upload(csv, `?commandId=${randomUUID()}`);
    const fresh = format === 'csv' ? { newCategories: ['Parrillas'], newStations: ['Parrilla'] } : { newCategories: [], newStations: [] };
    expect(done.body).toMatchObject({ imported: true, created: 1, updated: 1, ...fresh, problems: [] });
    const after = await getState(t.url);
    expect(after.seq).toBe(before.seq + 1);
    expect(after.state.products['p-201']?.priceCents).toBe(format === 'csv' ? 4150 : 4250);
    const bife = Object.values(after.state.products).find((p) => p.code === code);
    expect(bife).toMatchObject({ names: { es: 'Bife angosto', en: 'Sirloin', zh: '' }, priceCents: 5500, usesInventory: true, stock: 7, lowStock: 2 });
    expect(after.state.categories[bife!.categoryId]?.names.es).toBe('Parrillas');
  });

  it('a file with problems imports nothing and says what is wrong on which row', async () => {
    const before = await getState(t.url);
    const r = await upload('Código;Nombre;Categoría;Precio\n101;Ceviche;Entradas;33\n;Sin código;Entradas;5\n777;Sopa;Entradas;-2\n');
    expect(r.status).toBe(200);
    expect(r.body.imported).toBe(false);
    expect(r.body.problems).toEqual([
      { row: 3, column: 'code', issue: 'required', value: '' },
      { row: 4, column: 'price', issue: 'price', value: '-2' },
    ]);
    const after = await getState(t.url);
    expect(after.seq).toBe(before.seq);
  });

  it('the same upload sent twice (same commandId) is imported once', async () => {
    const id = randomUUID();
    const csv = 'code,price\n102,19\n';
    const first = await upload(csv, `?commandId=${id}`);
    const second = await upload(csv, `?commandId=${id}`);
    expect(first.body.seq).toBe(second.body.seq);
  });

  it('a file that is neither CSV nor XLSX is reported unreadable', async () => {
    const r = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(r.body).toMatchObject({ imported: false, problems: [{ issue: 'unreadable' }] });
  });
});
