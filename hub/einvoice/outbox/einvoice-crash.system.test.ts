import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import type { LogRecord } from '#hub/engine/log-record.ts';
import { Wal } from '#hub/store/wal.ts';
import { freePort, spawnHub, type ChildHub } from '#hub/testing/child-hub.ts';
import { prng } from '#hub/testing/prng.ts';
import { allJobSummaries } from '#hub/testing/job-pages.ts';
import { command, DEMO_OWNER, getState, signedIn, sleep, useCookie } from '#hub/testing/test-hub.ts';
import type { Bill, BillCorrection, Command, CommandReply, SaleDocument } from '#protocol';
import { makeTestPkcs12 } from '../secrets/test-certificate.ts';
import { FakeSunat } from '../testing/fake-sunat.ts';
import { DocumentStore } from './document-store.ts';

/**
 * E-invoices under the worst a till can do: the plug pulled (kill -9) at
 * random moments while cashiers settle boletas and facturas and the owner
 * voids some of them, SUNAT (a fake on 127.0.0.1 that remembers what it
 * registered, answering a resend "1033 registrado previamente", and that
 * answers a little after registering, so a crash can fall in between) down
 * for one cycle. At the end, SUNAT up and the day summarized (one more
 * crash while the summary goes):
 * every acknowledged settlement has exactly one number, every series is
 * 1..N without gap or repeat, every factura and note on one was registered
 * at SUNAT exactly once, every boleta and note on one is in exactly one
 * accepted daily summary, and every document in the store ends accepted.
 */

const CYCLES = Number(process.env.EINVOICE_CRASH_CYCLES ?? 6);
const SEED = Number(process.env.EINVOICE_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const DEVICES = 3;
/** Sales in all; a till rests 50–250 ms between sales, so they go on through every cycle. Stays under the engine's snapshotEvery (5000 records) so the whole log is checked. */
const MAX_BILLS = 240;
const VOID_SHARE = 0.25;
/** The cycle during which SUNAT does not answer (connections refused). */
const SUNAT_DOWN_CYCLE = 3;
const SOL = { user: 'MODDATOS', password: 'moddatos' };
const BUYERS: SaleDocument[] = [
  { kind: 'boleta', docId: '', name: '' },
  { kind: 'boleta', docId: '46027896', name: 'Rosa Quispe' },
  { kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' },
];

const rnd = prng(SEED);
type Settled = { orderId: string; kind: SaleDocument['kind']; day: string };
const world = {
  phase: 'run' as 'run' | 'drain' | 'stop',
  started: 0,
  settled: [] as Settled[],
  voided: new Set<string>(),
  errors: [] as string[],
  failedSends: 0,
};

/** A POST that gives up after 2 s: null when the hub is down (or dies mid-request). */
async function postJson<T>(url: string, apiPath: string, cookie: string, body: unknown, method = 'POST'): Promise<{ status: number; body: T } | null> {
  try {
    const res = await fetch(new URL(apiPath, url), { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body), signal: AbortSignal.timeout(2000) });
    return { status: res.status, body: (await res.json()) as T };
  } catch {
    return null;
  }
}

/** Sends a command until the hub answers it (same id: a resend after a crash is answered once). Null: refused, or the test stops. */
async function deliver(url: string, cookie: string, cmd: Command): Promise<CommandReply | null> {
  while (world.phase !== 'stop') {
    const reply = await postJson<CommandReply>(url, '/api/commands', cookie, cmd);
    if (reply === null) {
      world.failedSends++;
      await sleep(30);
      continue;
    }
    if (reply.body.ok) return reply.body;
    if (reply.body.code === 'RATE_LIMITED') {
      await sleep(60);
      continue;
    }
    world.errors.push(`${cmd.type} ${cmd.id} refused ${reply.body.code}`);
    return null;
  }
  return null;
}

/** The owner voids a closed bill through the bills route, resending the same correction id until answered. */
async function voidBill(url: string, cookie: string, bill: Settled): Promise<void> {
  const body = { id: randomUUID(), day: bill.day, request: { kind: 'void', lines: [], reason: 'Cobro equivocado', method: 'cash' } };
  while (world.phase !== 'stop') {
    const reply = await postJson<{ ok: boolean; code?: string }>(url, `/api/bills/${bill.orderId}/corrections`, cookie, body);
    if (reply === null) {
      world.failedSends++;
      await sleep(30);
      continue;
    }
    if (reply.body.ok) {
      world.voided.add(bill.orderId);
      return;
    }
    if (reply.body.code === 'RATE_LIMITED') {
      await sleep(60);
      continue;
    }
    world.errors.push(`void of ${bill.orderId} refused ${reply.status} ${reply.body.code}`);
    return;
  }
}

/** A till with its own table: open, order and send, settle with a boleta or a factura, clear; sometimes the owner voids the bill. */
async function till(url: string, cookie: string, deviceId: string, tableId: string, productId: string): Promise<void> {
  while (world.phase === 'run' && world.started < MAX_BILLS) {
    world.started++;
    const orderId = randomUUID();
    const document = BUYERS[Math.floor(rnd() * BUYERS.length)]!;
    const steps: Command[] = [
      command('table.open', { tableId, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }, { deviceId }),
      command('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId, qty: 1 + Math.floor(rnd() * 3), remark: '' }], send: true }, { deviceId }),
      command('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document, print: false }, { deviceId }),
      command('table.clear', { tableId }, { deviceId }),
    ];
    let settled: Settled | null = null;
    for (const step of steps) {
      // The Lima day the bill is paid on names its archive file (the bills route asks for it).
      const day = limaDateTime(new Date().toISOString()).date;
      if ((await deliver(url, cookie, step)) === null) return;
      if (step.type === 'order.settle') world.settled.push((settled = { orderId, kind: document.kind, day }));
    }
    if (settled && rnd() < VOID_SHARE) await voidBill(url, cookie, settled);
    await sleep(50 + Math.floor(rnd() * 200));
  }
}

/** The owner's `einvoice.summarize` per day with boletas waiting, one command id per day (a resend after a crash is answered once). */
const summarizeCommands = new Map<string, Command>();
async function summarizeWaiting(url: string, owner: string): Promise<void> {
  const days = [...new Set(Object.values((await getState(url)).state.pendingSummary).map((p) => p.referenceDate))];
  for (const referenceDate of days) {
    const cmd = summarizeCommands.get(referenceDate) ?? command('einvoice.summarize', { referenceDate }, { deviceId: 'einvoice-owner' });
    summarizeCommands.set(referenceDate, cmd);
    await deliver(url, owner, cmd);
  }
}

const countBy = (items: readonly string[]) => items.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
const keyOf = (d: { type: string; series: string; number: number }) => `${d.type}-${d.series}-${d.number}`;

/** The lines (`03-B001-7`) of a daily summary's XML as SUNAT received it. */
function summaryLines(xml: string): string[] {
  return xml.split('<sac:SummaryDocumentsLine>').slice(1).map((line) => {
    const type = /<cbc:DocumentTypeCode>(\d+)<\/cbc:DocumentTypeCode>/.exec(line)?.[1] ?? '?';
    const id = /<cbc:ID>([A-Z0-9]+-\d+)<\/cbc:ID>/.exec(line)?.[1] ?? '?';
    return `${type}-${id}`;
  });
}

describe('e-invoices: kill -9 while settling and voiding', () => {
  let dataDir = '';
  let hub: ChildHub | null = null;
  const fake = new FakeSunat({ password: SOL.password, remember: true, answerDelayMs: 40 });

  afterAll(async () => {
    world.phase = 'stop';
    if (hub) useCookie(hub.url, undefined);
    await hub?.kill9();
    await fake.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(`every document of an acknowledged sale is numbered once and reaches SUNAT once over ${CYCLES} crashes (seed ${SEED})`, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pos-einvoice-crash-'));
    await fake.start();
    const port = await freePort();
    hub = await spawnHub({ dataDir, port });
    const url = hub.url;
    const owner = await signedIn(url, DEMO_OWNER.code, DEMO_OWNER.pin, 'einvoice-owner');
    useCookie(url, owner);

    // The owner sets e-invoicing up: certificate, the fake as the OSE, the fiscal settings.
    const p12 = makeTestPkcs12('clave');
    expect((await postJson(url, '/api/einvoice/certificate', owner, { p12Base64: Buffer.from(p12.p12).toString('base64'), password: 'clave' }, 'PUT'))?.status).toBe(200);
    expect((await postJson(url, '/api/einvoice/sol', owner, { endpoint: { kind: 'ose', url: fake.url, consultUrl: fake.consultUrl }, ...SOL }, 'PUT'))?.status).toBe(200);
    expect(await deliver(url, owner, command('fiscal.saveSettings', SAMPLE_FISCAL, { deviceId: 'einvoice-owner' }))).toMatchObject({ ok: true });

    const state = (await getState(url)).state;
    const tables = Object.values(state.tables).filter((t) => t.orderId === null && t.minConsumptionCents === 0).slice(0, DEVICES);
    const product = Object.values(state.products).find((p) => p.station && p.listed && !p.soldOut && p.specs.length === 0 && !p.usesInventory && p.priceCents > 0);
    if (tables.length < DEVICES || !product) throw new Error('the demo has no free tables or dish');
    const devices = await Promise.all(tables.map((_, i) => signedIn(url, DEMO_OWNER.code, DEMO_OWNER.pin, `einvoice-till-${i + 1}`)));
    const loops = devices.map((cookie, i) => till(url, cookie, `einvoice-till-${i + 1}`, tables[i]!.id, product.id).catch((e: unknown) => world.errors.push(String(e))));

    let output = '';
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      if (cycle > 1) hub = await spawnHub({ dataDir, port, readyTimeoutMs: 30_000 });
      if (cycle === SUNAT_DOWN_CYCLE) await fake.goDown();
      else if (cycle === SUNAT_DOWN_CYCLE + 1) await fake.start();
      await sleep(300 + Math.floor(rnd() * 1200));
      if (hub.proc.exitCode !== null) world.errors.push(`cycle ${cycle}: the hub exited by itself:\n${hub.output()}`);
      await hub.kill9();
      output += hub.output();
    }

    // Last start: the tills finish the sale they hold; the day's boletas are summarized; everything goes.
    hub = await spawnHub({ dataDir, port, readyTimeoutMs: 30_000 });
    world.phase = 'drain';
    await Promise.all(loops);
    expect(world.errors).toEqual([]);
    // The owner summarizes the day; the plug is pulled once more while the summary goes (a crash between its send and its ticket, or after).
    await summarizeWaiting(url, owner);
    await sleep(Math.floor(rnd() * 300));
    await hub.kill9();
    output += hub.output();
    hub = await spawnHub({ dataDir, port, readyTimeoutMs: 30_000 });
    await summarizeWaiting(url, owner);
    const end = Date.now() + 30_000;
    let open: string[];
    for (;;) {
      const s = (await getState(url)).state;
      // The jobs are the hub's (its job table), listed on demand: not in the state.
      open = (await allJobSummaries(url)).filter((j) => j.kind.startsWith('einvoice.') && j.status !== 'done').map((j) => `${j.id} ${j.kind} ${j.status} ${j.reason ?? ''}`);
      if ((open.length === 0 && Object.keys(s.pendingSummary).length === 0) || Date.now() > end) break;
      await sleep(200);
    }
    world.phase = 'stop';
    await hub.kill9();
    output += hub.output();
    hub = null;

    const problems: string[] = [...open.map((j) => `job not done: ${j}`)];
    // The log, whole (no snapshot was written): bills, numbers, corrections.
    expect(existsSync(path.join(dataDir, 'snapshot.json')), 'a snapshot was written: the log is no longer whole').toBe(false);
    const { wal, records } = await Wal.open<LogRecord>(path.join(dataDir, 'wal'), 0, () => {});
    await wal.close();
    const events = records.flatMap((r) => r.events);
    const bills = events.flatMap((e) => (e.type === 'order.settled' ? [e.bill as Bill] : []));
    const corrections = events.flatMap((e) => (e.type === 'bill.corrected' ? [e.correction as BillCorrection] : []));
    const numbered = events.flatMap((e) => (e.type === 'fiscal.numbered' ? [e] : []));

    // Every acknowledged settlement: one bill, one number; every acknowledged void: one correction, one credit note.
    const billsById = countBy(bills.map((b) => b.id));
    for (const s of world.settled) {
      const bill = bills.find((b) => b.id === s.orderId);
      if (billsById.get(s.orderId) !== 1 || !bill?.fiscal) problems.push(`${s.orderId}: ${billsById.get(s.orderId) ?? 0} bills, fiscal ${JSON.stringify(bill?.fiscal)}`);
      else if (bill.fiscal.type !== (s.kind === 'factura' ? '01' : '03')) problems.push(`${s.orderId}: a ${s.kind} numbered ${keyOf(bill.fiscal)}`);
    }
    const correctedById = countBy(corrections.map((c) => c.billId));
    for (const id of world.voided) if (correctedById.get(id) !== 1 || !corrections.find((c) => c.billId === id)?.creditNote) problems.push(`${id}: voided ${correctedById.get(id) ?? 0} times`);

    // Every series 1..N, no gap, no repeat; and exactly the documents the bills and notes carry.
    const bySeries = new Map<string, number[]>();
    for (const n of numbered) bySeries.set(n.series, [...(bySeries.get(n.series) ?? []), n.number]);
    for (const [series, numbers] of bySeries) {
      const sorted = [...numbers].sort((a, b) => a - b);
      if (sorted.some((n, i) => n !== i + 1)) problems.push(`series ${series}: ${sorted.join(',')}`);
    }
    const documents = [
      ...bills.flatMap((b) => (b.fiscal ? [{ key: keyOf(b.fiscal), onFactura: b.fiscal.type === '01' }] : [])),
      ...corrections.flatMap((c) => (c.creditNote ? [{ key: keyOf(c.creditNote), onFactura: c.creditNote.of.type === '01' }] : [])),
    ];
    const numberedKeys = numbered.filter((n) => !n.series.startsWith('RC-')).map((n) => `${n.series}-${n.number}`).sort();
    expect(documents.map((d) => d.key.slice(3)).sort()).toEqual(numberedKeys);

    // SUNAT: each factura and note on one registered once (a resend answered 1033 is the same registration).
    const ruc = SAMPLE_FISCAL.ruc;
    const billsAtSunat = countBy(fake.registrations.filter((r) => r.operation === 'sendBill').map((r) => r.fileName));
    const summaries = new Map<string, string[]>();
    for (const r of fake.registrations.filter((x) => x.operation === 'sendSummary')) summaries.set(r.fileName, r.files.flatMap((f) => summaryLines(Buffer.from(f.data).toString('utf8'))));
    const inSummaries = new Map<string, Set<string>>();
    for (const [rc, lines] of summaries) for (const line of lines) inSummaries.set(line, (inSummaries.get(line) ?? new Set()).add(rc));
    for (const d of documents) {
      if (d.onFactura) {
        if (billsAtSunat.get(`${ruc}-${d.key}.zip`) !== 1) problems.push(`${d.key} registered ${billsAtSunat.get(`${ruc}-${d.key}.zip`) ?? 0} times`);
      } else if ((inSummaries.get(d.key)?.size ?? 0) !== 1) problems.push(`${d.key} in summaries ${[...(inSummaries.get(d.key) ?? [])].join(', ') || 'none'}`);
    }
    const known = new Set(documents.map((d) => d.key));
    for (const name of billsAtSunat.keys()) if (!known.has(name.slice(ruc.length + 1, -4))) problems.push(`SUNAT holds ${name}, unknown to the log`);
    for (const line of inSummaries.keys()) if (!known.has(line)) problems.push(`a summary carries ${line}, unknown to the log`);

    // The store: every document and summary filed and accepted.
    const allDays = [...new Set(world.settled.map((s) => s.day))].sort();
    const lastDay = limaDateTime(new Date().toISOString()).date;
    const metas = await new DocumentStore(dataDir).list({ from: allDays[0] ?? lastDay, to: lastDay });
    const metaKeys = new Set(metas.map((m) => m.key));
    for (const d of documents) if (!metaKeys.has(d.key)) problems.push(`${d.key} not in the store`);
    for (const m of metas) if (m.status !== 'accepted') problems.push(`${m.key} ${m.status} ${m.sunat?.code ?? ''} ${m.sunat?.text ?? ''}`);
    // Every factura and note on one holds SUNAT's CDR: its send's answer, or, for a send cut off after SUNAT registered it, the one getStatusCdr fetched.
    const store = new DocumentStore(dataDir);
    for (const m of metas) if (/^0[17]-F/.test(m.key) && !(await store.read(m.day, m.key, 'cdr'))) problems.push(`${m.key}: no CDR kept`);
    const resent = fake.received.filter((r) => r.operation === 'sendBill').length - [...billsAtSunat.values()].reduce((a, b) => a + b, 0);

    console.log(
      `einvoice crash: seed ${SEED}, ${CYCLES} crashes, ${world.settled.length} sales acknowledged (${world.voided.size} voided), ${documents.length} documents, ` +
        `${summaries.size} summaries (sent ${fake.received.filter((r) => r.operation === 'sendSummary').length} times), ${resent} resends answered "already registered" (${fake.received.filter((r) => r.operation === 'getStatusCdr').length} CDRs fetched), ${world.failedSends} sends failed (hub down), ${records.length} log records`,
    );
    // On failure: what the hubs said about e-invoices and jobs (a runner that threw names its error).
    if (problems.length > 0) console.log(output.split('\n').filter((l) => /einvoice|jobs:/.test(l)).slice(-60).join('\n'));
    expect(problems.slice(0, 20)).toEqual([]);
    expect(world.settled.length).toBeGreaterThan(0);
  }, 120_000);
});
