import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job, JobOutcome, State } from '#protocol';
import { writeSendSettings } from '#hub/http/routes/einvoice/sol-store.ts';
import type { JobEngine } from '#hub/jobs/job-service.ts';
import { JobTable } from '#hub/engine/job-table.ts';
import { saveCertificate } from '../secrets/certificate-store.ts';
import { makeTestPkcs12 } from '../secrets/test-certificate.ts';
import { readPkcs12 } from '../secrets/pkcs12.ts';
import { digestValueOf, signUbl, verifyUbl } from '../sign/xmldsig.ts';
import { buildFiscalXml } from '../ubl/index.ts';
import { SunatClient } from '../sunat/client.ts';
import { FakeSunat } from '../testing/fake-sunat.ts';
import { limaToday, restaurantDocuments } from '../testing/restaurant-documents.ts';
import { createOutbox, type Outbox } from './index.ts';
import { FIRST_PROBE_MS, MAX_PROBE_MS } from './gate.ts';

/**
 * The send and summary runners against the fake SUNAT on 127.0.0.1, with a
 * real document store, the test certificate and SOL settings pointing at the
 * fake as an OSE: each SUNAT answer, no answer at all, what is missing to
 * send, and the gate that holds the lane meanwhile (its waits seen through
 * the timers handed in).
 */

const DAY = limaToday();
const docs = restaurantDocuments(DAY);
const P12 = makeTestPkcs12('clave');
const SOL = { user: 'MODDATOS', password: 'moddatos' };

let dataDir = '';
let fake: FakeSunat;
let outbox: Outbox;
let woken: string[] = [];
let delays: number[] = [];

const engine: JobEngine = {
  state: { pendingSummary: {} } as unknown as State,
  jobs: new JobTable(),
  submit: async () => ({ ok: true, seq: 0 }) as never,
  onChange: () => () => {},
};

type Setup = {
  cert?: boolean; sol?: boolean; password?: string; pollsBeforeDone?: number; client?: Parameters<typeof createOutbox>[0]['client'];
  /** Give the OSE choice the fake's consultation service (getStatusCdr). */
  consult?: boolean;
  /** The fake remembers what it registered and answers this late (a send can time out after SUNAT registered it). */
  remember?: boolean; answerDelayMs?: number;
};

async function setup(opts: Setup = {}): Promise<void> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-outbox-'));
  fake = new FakeSunat({ password: SOL.password, pollsBeforeDone: opts.pollsBeforeDone ?? 0, ...(opts.remember ? { remember: true } : {}), ...(opts.answerDelayMs ? { answerDelayMs: opts.answerDelayMs } : {}) });
  await fake.start();
  if (opts.cert !== false) await saveCertificate(dataDir, P12.p12, 'clave');
  const endpoint = { kind: 'ose' as const, url: fake.url, ...(opts.consult ? { consultUrl: fake.consultUrl } : {}) };
  if (opts.sol !== false) await writeSendSettings(dataDir, { endpoint, user: SOL.user, password: opts.password ?? SOL.password });
  woken = [];
  delays = [];
  outbox = createOutbox({
    engine,
    dataDir,
    log: () => {},
    timeoutMs: 400,
    setTimer: (_run, ms) => (delays.push(ms), { cancel: () => {} }),
    ...(opts.client ? { client: opts.client } : {}),
  });
  await outbox.start({ wakeLane: (lane) => woken.push(lane) });
}

afterEach(async () => {
  await outbox?.stop();
  await fake?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

let seq = 0;
function jobOf<K extends 'einvoice.send' | 'einvoice.summary'>(kind: K, payload: Extract<Job, { kind: K }>['payload'], attempts = 0): Extract<Job, { kind: K }> {
  const at = new Date().toISOString();
  return { id: `cmd-${++seq}.0`, kind, payload, status: 'running', attempts, nextAt: at, reason: null, createdAt: at, updatedAt: at } as Extract<Job, { kind: K }>;
}

const sendJob = (document = docs.factura, attempts = 0) => jobOf('einvoice.send', { key: `${document.type}-${document.series}-${document.number}`, document }, attempts);
const summaryJob = () => jobOf('einvoice.summary', { key: docs.summary.id, summary: docs.summary });
const send = (job = sendJob()): Promise<JobOutcome> => outbox.runners[0]!.perform(job as never);
const summarize = (job = summaryJob()): Promise<JobOutcome> => outbox.runners[1]!.perform(job as never);
const metaOf = (key: string, day = DAY) => outbox.store.meta(day, key);

describe('einvoice.send: a factura', () => {
  it('accepted: signed, zipped, sent once; the CDR kept; SUNAT reachable', async () => {
    await setup();
    expect(await send()).toEqual({ ok: true });
    const meta = await metaOf('01-F001-7');
    expect(meta).toMatchObject({ status: 'accepted', sunat: { code: '0', notes: [] } });
    expect(meta!.digest).not.toBe('');
    expect(fake.received.map((r) => [r.operation, r.fileName, r.passwordMatched])).toEqual([['sendBill', '12345678912-01-F001-7.zip', true]]);
    const sent = Buffer.from(fake.received[0]!.files[0]!.data).toString('utf8');
    expect(sent).toBe(await outbox.store.signedXml(DAY, '01-F001-7'));
    expect(verifyUbl(sent, P12.certificatePem)).toBe(true);
    expect((await outbox.store.read(DAY, '01-F001-7', 'cdr'))?.bytes.toString()).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
    expect(outbox.gate.reachable).toBe(true);
  });

  it('accepted with observations: observed, the notes kept', async () => {
    await setup();
    fake.next({ kind: 'accept', notes: [{ code: '4252', text: 'El dato ingresado como atributo @listName es incorrecto.' }] });
    expect(await send()).toEqual({ ok: true });
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'observed', sunat: { code: '0', notes: [{ code: '4252', text: 'El dato ingresado como atributo @listName es incorrecto.' }] } });
  });

  it('rejected with a code: failed for good, SUNAT\'s text kept for the owner', async () => {
    await setup();
    fake.next({ kind: 'reject', code: '2800', text: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.' });
    expect(await send()).toEqual({ ok: false, canRetry: false, reason: 'SUNAT_REJECTED' });
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'rejected', sunat: { code: '2800', text: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.' } });
  });

  it('a fault to fix: needsFix with the catalogue text, not retried by itself', async () => {
    await setup();
    fake.next({ kind: 'fault', code: '0151' });
    expect(await send()).toEqual({ ok: false, canRetry: false, reason: 'SUNAT_FIX_NEEDED' });
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'needsFix', sunat: { code: '0151', text: 'El nombre del archivo ZIP es incorrecto' } });
  });

  it('no answer in time: retried, the lane waits; the next try sends the very same signed bytes', async () => {
    await setup();
    fake.next({ kind: 'timeout' });
    expect(await send()).toEqual({ ok: false, canRetry: true, reason: 'SUNAT_UNREACHABLE' });
    expect(outbox.gate.paused('sunat')).toBe(true);
    expect(outbox.gate.reachable).toBe(false);
    await outbox.gate.checkNow();
    expect(woken).toEqual(['sunat']);
    expect(await send(sendJob(docs.factura, 1))).toEqual({ ok: true });
    const [first, second] = fake.received.map((r) => Buffer.from(r.files[0]!.data).toString('utf8'));
    expect(second).toBe(first);
  });

  it('a crash between keeping the signed XML and its digest: that signature is kept and sent, not signed again', async () => {
    await setup();
    const filed = await outbox.store.fileDocument(docs.factura, buildFiscalXml(docs.factura));
    // What storeSigned's first write leaves when the process dies before the meta: a signed .xml, a meta without digest.
    const signed = signUbl(buildFiscalXml(docs.factura), readPkcs12(P12.p12, 'clave', new Date())).xml;
    await writeFile(path.join(dataDir, 'einvoice', DAY, `${docs.factura.issuer.ruc}-01-F001-7.xml`), signed);
    expect(filed.digest).toBe('');
    expect(await send(sendJob(docs.factura, 1))).toEqual({ ok: true });
    expect(Buffer.from(fake.received[0]!.files[0]!.data).toString('utf8')).toBe(signed);
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'accepted', digest: digestValueOf(signed) });
  });

  it('SUNAT down: the lane waits and asks again after 1, 2, 4, 5, 5 minutes; back up: woken at once', async () => {
    await setup();
    await fake.goDown();
    expect(await send()).toEqual({ ok: false, canRetry: true, reason: 'SUNAT_UNREACHABLE' });
    for (let i = 0; i < 4; i++) await outbox.gate.checkNow();
    expect(delays).toEqual([FIRST_PROBE_MS, 2 * FIRST_PROBE_MS, 4 * FIRST_PROBE_MS, MAX_PROBE_MS, MAX_PROBE_MS]);
    expect(woken).toEqual([]);
    await fake.start();
    await outbox.gate.checkNow();
    expect(woken).toEqual(['sunat']);
    expect(outbox.gate.paused('sunat')).toBe(false);
    // The probe records nothing at SUNAT.
    expect(fake.received).toEqual([]);
  });

  it('"already registered" (1033) after a try that may have reached SUNAT: the document is at SUNAT, accepted', async () => {
    await setup();
    fake.next({ kind: 'fault', code: '1033' });
    expect(await send(sendJob(docs.factura, 1))).toEqual({ ok: true });
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'accepted', sunat: { code: '1033', text: 'El comprobante fue registrado previamente con otros datos' } });
  });

  it('a send that timed out after SUNAT registered it: the resend is answered 1033 and the CDR of the first send is fetched (getStatusCdr)', async () => {
    await setup({ consult: true, remember: true, answerDelayMs: 1_000 });
    expect(await send()).toEqual({ ok: false, canRetry: true, reason: 'SUNAT_UNREACHABLE' });
    expect(fake.registrations.map((r) => r.fileName)).toEqual(['12345678912-01-F001-7.zip']);
    await outbox.gate.checkNow();
    expect(await send(sendJob(docs.factura, 1))).toEqual({ ok: true });
    expect(fake.received.map((r) => r.operation)).toEqual(['sendBill', 'sendBill', 'getStatusCdr']);
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'accepted', sunat: { code: '0', text: 'El comprobante numero F001-7, ha sido aceptado' } });
    const cdr = (await outbox.store.read(DAY, '01-F001-7', 'cdr'))?.bytes.toString() ?? '';
    expect(cdr).toContain('<cbc:ReferenceID>F001-7</cbc:ReferenceID>');
    // Registered once at SUNAT, whatever the hub asked afterwards.
    expect(fake.registrations).toHaveLength(1);
  });

  it('the fetched CDR carries observations: observed, with its notes', async () => {
    await setup({ consult: true, remember: true, answerDelayMs: 1_000 });
    fake.next({ kind: 'accept', notes: [{ code: '4252', text: 'El dato ingresado como atributo @listName es incorrecto.' }] });
    expect(await send()).toEqual({ ok: false, canRetry: true, reason: 'SUNAT_UNREACHABLE' });
    await outbox.gate.checkNow();
    expect(await send(sendJob(docs.factura, 1))).toEqual({ ok: true });
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'observed', sunat: { code: '0', notes: [{ code: '4252' }] } });
  });

  it.each([
    ['the consultation says it does not exist (0011)', undefined],
    ['the consultation times out', { kind: 'timeout' } as const],
    ['the consultation answers a fault', { kind: 'fault', code: '0109' } as const],
  ])('1033 after a try and %s: SUNAT\'s word that it holds the document stands (accepted, no CDR)', async (_name, consultBehaviour) => {
    await setup({ consult: true });
    fake.next({ kind: 'fault', code: '1033' });
    if (consultBehaviour) fake.next(consultBehaviour);
    expect(await send(sendJob(docs.factura, 1))).toEqual({ ok: true });
    expect(fake.received.map((r) => r.operation)).toEqual(['sendBill', 'getStatusCdr']);
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'accepted', sunat: { code: '1033' } });
    expect(await outbox.store.read(DAY, '01-F001-7', 'cdr')).toBeNull();
  });

  it('a CDR the consultation gives for another document is not taken as this one\'s answer', async () => {
    await setup({
      consult: true,
      // A consultation that answers about F001-8 whatever it is asked.
      client: (endpoint, credentials, consultEndpoint) => {
        const real = new SunatClient({ endpoint, consultEndpoint, credentials, timeoutMs: 400 });
        return {
          sendBill: (n, z) => real.sendBill(n, z),
          sendSummary: (n, z) => real.sendSummary(n, z),
          getStatus: (ticket) => real.getStatus(ticket),
          getStatusCdr: (q, n) => real.getStatusCdr({ ...q, number: 8 }, n),
        };
      },
    });
    expect(await send(sendJob(docs.escaped))).toEqual({ ok: true });
    fake.next({ kind: 'fault', code: '1033' });
    expect(await send(sendJob(docs.factura, 1))).toEqual({ ok: true });
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'accepted', sunat: { code: '1033' } });
    expect(await outbox.store.read(DAY, '01-F001-7', 'cdr')).toBeNull();
  });

  it('"already registered" on a first try: someone else used the number; a person must look (needsFix)', async () => {
    await setup();
    fake.next({ kind: 'fault', code: '1033' });
    expect(await send()).toEqual({ ok: false, canRetry: false, reason: 'SUNAT_FIX_NEEDED' });
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'needsFix' });
  });
});

describe('einvoice.send: what is missing to send', () => {
  it('no certificate: filed, nothing sent, the lane waits; once uploaded it is woken and delivered', async () => {
    await setup({ cert: false });
    expect(await send()).toEqual({ ok: false, canRetry: true, reason: 'CERT_MISSING' });
    expect(await metaOf('01-F001-7')).toMatchObject({ status: 'filed', digest: '' });
    expect(outbox.gate.reason).toBe('CERT_MISSING');
    await outbox.gate.checkNow();
    expect(woken).toEqual([]);
    await saveCertificate(dataDir, P12.p12, 'clave');
    outbox.secretsChanged();
    await outbox.gate.checkNow();
    expect(woken).toEqual(['sunat']);
    expect(await send(sendJob(docs.factura, 1))).toEqual({ ok: true });
    expect(fake.received).toHaveLength(1);
  });

  it('no SOL user: signed, nothing sent, the lane waits for the settings', async () => {
    await setup({ sol: false });
    expect(await send()).toEqual({ ok: false, canRetry: true, reason: 'SOL_MISSING' });
    expect((await metaOf('01-F001-7'))!.status).toBe('signed');
    await writeSendSettings(dataDir, { endpoint: { kind: 'ose', url: fake.url }, ...SOL });
    await outbox.gate.checkNow();
    expect(woken).toEqual(['sunat']);
    expect(await send()).toEqual({ ok: true });
  });

  it('a wrong SOL password (0102): the lane waits until the settings change, not a try a minute', async () => {
    await setup({ password: 'wrong' });
    expect(await send()).toEqual({ ok: false, canRetry: true, reason: 'SOL_MISSING' });
    await outbox.gate.checkNow();
    expect(woken).toEqual([]);
    await writeSendSettings(dataDir, { endpoint: { kind: 'ose', url: fake.url }, ...SOL });
    await outbox.gate.checkNow();
    expect(woken).toEqual(['sunat']);
    expect(await send()).toEqual({ ok: true });
    expect(fake.received.map((r) => r.passwordMatched)).toEqual([false, true]);
  });
});

describe('einvoice.send: a boleta and a note on one', () => {
  it('signed and left for the daily summary: nothing sent', async () => {
    await setup({ sol: false });
    for (const doc of [docs.boleta, docs.boletaCreditNote]) {
      expect(await send(sendJob(doc))).toEqual({ ok: true });
      const meta = await metaOf(`${doc.type}-${doc.series}-${doc.number}`);
      expect(meta).toMatchObject({ status: 'awaitingSummary' });
      expect(meta!.digest).not.toBe('');
    }
    expect(fake.received).toEqual([]);
  });
});

describe('einvoice.summary', () => {
  it('sent, its ticket kept before asking; in progress is retried; the answer goes to every line', async () => {
    await setup({ pollsBeforeDone: 1 });
    expect(await summarize()).toEqual({ ok: false, canRetry: true, reason: 'SUNAT_PROCESSING' });
    const sent = await metaOf(docs.summary.id, docs.summary.issueDate);
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent!.ticket).toMatch(/^\d+$/);
    expect(await metaOf('03-B001-3')).toMatchObject({ status: 'sent', summaryId: docs.summary.id });
    expect(await summarize()).toEqual({ ok: true });
    expect(fake.received.map((r) => r.operation)).toEqual(['sendSummary', 'getStatus', 'getStatus']);
    expect(fake.received.slice(1).map((r) => r.ticket)).toEqual([sent!.ticket, sent!.ticket]);
    expect(await metaOf(docs.summary.id, docs.summary.issueDate)).toMatchObject({ status: 'accepted', ticket: sent!.ticket });
    for (const key of ['03-B001-3', '03-B001-4', '07-BC01-1']) expect(await metaOf(key)).toMatchObject({ status: 'accepted', summaryId: docs.summary.id, sunat: { code: '0' } });
  });

  it('a crash between the send and the status: the kept ticket is asked about, never a second send', async () => {
    let crash = true;
    await setup({
      client: (endpoint, credentials) => {
        const real = new SunatClient({ endpoint, credentials });
        return {
          sendBill: (n, z) => real.sendBill(n, z),
          getStatusCdr: (q, n) => real.getStatusCdr(q, n),
          sendSummary: (n, z) => real.sendSummary(n, z),
          getStatus: async (ticket) => {
            if (crash) throw new Error('the hub died here');
            return real.getStatus(ticket);
          },
        };
      },
    });
    await expect(summarize()).rejects.toThrow('the hub died here');
    crash = false;
    expect(await summarize()).toEqual({ ok: true });
    expect(fake.received.map((r) => r.operation)).toEqual(['sendSummary', 'getStatus']);
  });

  it('a summary SUNAT rejects: the summary and its lines rejected, the code kept', async () => {
    await setup();
    fake.next({ kind: 'reject', code: '2277', text: 'El comprobante ya fue informado' });
    expect(await summarize()).toEqual({ ok: false, canRetry: false, reason: 'SUNAT_REJECTED' });
    expect(await metaOf('03-B001-3')).toMatchObject({ status: 'rejected', summaryId: docs.summary.id, sunat: { code: '2277' } });
  });

  it('a line whose own job runs after the answer keeps the answer and still gets signed', async () => {
    await setup();
    expect(await summarize()).toEqual({ ok: true });
    const boleta = { ...docs.boleta, series: 'B001', number: 3 };
    expect(await send(sendJob(boleta))).toEqual({ ok: true });
    const meta = await metaOf('03-B001-3');
    expect(meta).toMatchObject({ status: 'accepted', summaryId: docs.summary.id });
    expect(meta!.digest).not.toBe('');
  });
});

describe('status', () => {
  it('counts waiting documents, their earliest deadline, those to look at; certificate and SOL', async () => {
    await setup({ sol: false });
    await send(sendJob(docs.boleta));
    await send(sendJob(docs.factura));
    fake.next({ kind: 'reject', code: '2800' });
    await writeSendSettings(dataDir, { endpoint: { kind: 'ose', url: fake.url }, ...SOL });
    await send(sendJob(docs.creditNote));
    const status = await outbox.status();
    expect(status).toMatchObject({ waiting: 2, needsAttention: 1, certificate: true, sol: true, overdue: 0 });
    expect(status.earliestDeadline! > DAY).toBe(true);
  });
});
