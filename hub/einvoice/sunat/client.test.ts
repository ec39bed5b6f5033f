import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPkcs12 } from '../secrets/pkcs12.ts';
import { makeTestPkcs12 } from '../secrets/test-certificate.ts';
import { verifyUbl } from '../sign/xmldsig.ts';
import { FakeSunat } from '../testing/fake-sunat.ts';
import { SunatClient } from './client.ts';
import { fileNames } from './file-names.ts';
import { writeZip } from './zip.ts';

const PASSWORD = 'Cl4ve-SOL-secreta';
const CREDENTIALS = { ruc: '20123456789', user: 'MODDATOS', password: PASSWORD };
const BILL = fileNames({ ruc: '20123456789', type: '01', series: 'F001', number: 7 });
const SUMMARY = fileNames({ ruc: '20123456789', type: 'RC', date: '2026-01-31', sequence: 1 });
const XML = '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>F001-7</ID></Invoice>';
const billZip = writeZip([{ name: BILL.xml, data: Buffer.from(XML) }]);

let fake: FakeSunat;
let client: SunatClient;
/** Every answer of the test, to check at the end that none carries the password. */
const answers: unknown[] = [];

beforeEach(async () => {
  fake = new FakeSunat({ username: '20123456789MODDATOS', password: PASSWORD });
  await fake.start();
  client = new SunatClient({ endpoint: fake.url, credentials: CREDENTIALS, timeoutMs: 1_500 });
});
afterEach(async () => {
  await fake.stop();
  for (const answer of answers) expect(JSON.stringify(answer, (_k, v: unknown) => (v instanceof Uint8Array ? '[bytes]' : v))).not.toContain(PASSWORD);
  answers.length = 0;
});

/** sendBill, keeping the answer for the password check. */
async function send(name = BILL.zip, zip: Uint8Array = billZip) {
  const answer = await client.sendBill(name, zip);
  answers.push(answer);
  return answer;
}

describe('sendBill against the fake SUNAT', () => {
  it('accepted: the CDR is read, and the fake received the XML unzipped with the SOL user', async () => {
    const answer = await send();
    expect(answer).toMatchObject({ kind: 'cdr', outcome: 'accepted', cdr: { responseCode: '0', documentId: 'F001-7' } });
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toMatchObject({ operation: 'sendBill', username: '20123456789MODDATOS', passwordMatched: true, fileName: BILL.zip });
    expect(fake.received[0]?.files.map((f) => [f.name, Buffer.from(f.data).toString()])).toEqual([[BILL.xml, XML]]);
  });

  it('rejected in the CDR (2800): rejected, with SUNAT\'s text', async () => {
    fake.next({ kind: 'reject', code: '2800' });
    const answer = await send();
    expect(answer).toMatchObject({ kind: 'cdr', outcome: 'rejected', cdr: { responseCode: '2800', codeText: expect.stringMatching(/tipo de documento de identidad/) } });
  });

  it('rejected as a SOAP fault (soap-env:Client.2800): rejected', async () => {
    fake.next({ kind: 'fault', code: '2800', text: 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.' });
    expect(await send()).toMatchObject({ kind: 'fault', code: '2800', outcome: 'rejected', sunatText: expect.stringMatching(/receptor/) });
  });

  it('accepted with observations (4xxx notes)', async () => {
    fake.next({ kind: 'accept', notes: [{ code: '4252', text: 'El dato ingresado como atributo @listName es incorrecto.' }] });
    const answer = await send();
    expect(answer).toMatchObject({ kind: 'cdr', outcome: 'acceptedWithObservations' });
    expect(answer.kind === 'cdr' && answer.cdr.notes).toEqual([{ code: '4252', text: 'El dato ingresado como atributo @listName es incorrecto.' }]);
  });

  it.each([
    [{ code: '0100' }, '0100', 'retryLater'],
    [{ code: '0130' }, '0130', 'retryLater'],
    [{ code: '0151' }, '0151', 'fix'],
    [{ code: '1033', plain: true }, '1033', 'fix'],
  ])('fault %o is %s -> %s', async (fault, code, outcome) => {
    fake.next({ kind: 'fault', ...fault });
    expect(await send()).toMatchObject({ kind: 'fault', code, outcome });
  });

  it('a wrong SOL password is fault 0102 (fix), and the answer does not carry the password sent', async () => {
    const wrong = new SunatClient({ endpoint: fake.url, credentials: { ...CREDENTIALS, password: 'otra-clave-XYZ' }, timeoutMs: 1_500 });
    const answer = await wrong.sendBill(BILL.zip, billZip);
    expect(answer).toMatchObject({ kind: 'fault', code: '0102', outcome: 'fix' });
    expect(JSON.stringify(answer)).not.toContain('otra-clave-XYZ');
    expect(fake.received[0]?.passwordMatched).toBe(false);
  });

  it('a zip whose XML name differs is 0161 (fix)', async () => {
    expect(await send(BILL.zip, writeZip([{ name: 'otro.xml', data: Buffer.from(XML) }]))).toMatchObject({ kind: 'fault', code: '0161', outcome: 'fix' });
  });

  it('timeout: the fake never answers, the client gives up and says retry later', async () => {
    fake.next({ kind: 'timeout' });
    const started = Date.now();
    expect(await send()).toMatchObject({ kind: 'unreachable', reason: 'timeout', outcome: 'retryLater' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('down: connection refused is retry later; back up on the same port, it is accepted', async () => {
    await fake.goDown();
    const down = await send();
    expect(down).toMatchObject({ kind: 'unreachable', reason: 'refused', outcome: 'retryLater' });
    await fake.start();
    expect(await send()).toMatchObject({ kind: 'cdr', outcome: 'accepted' });
  });

  it('a signed CDR (as SUNAT signs them) is read and its signature verifies', async () => {
    await fake.stop();
    const sunatKey = readPkcs12(makeTestPkcs12('k').p12, 'k', new Date());
    fake = new FakeSunat({ signer: sunatKey });
    await fake.start();
    client = new SunatClient({ endpoint: fake.url, credentials: CREDENTIALS, timeoutMs: 1_500 });
    const answer = await send();
    expect(answer).toMatchObject({ kind: 'cdr', outcome: 'accepted' });
    expect(answer.kind === 'cdr' && verifyUbl(answer.cdrXml)).toBe(true);
  });
});

describe('sendSummary and getStatus', () => {
  const summaryZip = writeZip([{ name: SUMMARY.xml, data: Buffer.from('<SummaryDocuments/>') }]);

  it('gives a ticket; getStatus says in progress (98), then the CDR', async () => {
    await fake.stop();
    fake = new FakeSunat({ pollsBeforeDone: 1 });
    await fake.start();
    client = new SunatClient({ endpoint: fake.url, credentials: CREDENTIALS, timeoutMs: 1_500 });
    const sent = await client.sendSummary(SUMMARY.zip, summaryZip);
    answers.push(sent);
    expect(sent.kind).toBe('ticket');
    const ticket = sent.kind === 'ticket' ? sent.ticket : '';
    expect(await client.getStatus(ticket)).toEqual({ kind: 'inProgress' });
    expect(await client.getStatus(ticket)).toMatchObject({ kind: 'cdr', outcome: 'accepted', cdr: { documentId: '20260131-1' } });
    expect(fake.received.map((r) => r.operation)).toEqual(['sendSummary', 'getStatus', 'getStatus']);
  });

  it('a rejected summary: statusCode 99 with a CDR carrying the code', async () => {
    fake.next({ kind: 'reject', code: '2220' });
    const sent = await client.sendSummary(SUMMARY.zip, summaryZip);
    const status = await client.getStatus(sent.kind === 'ticket' ? sent.ticket : '');
    answers.push(sent, status);
    expect(status).toMatchObject({ kind: 'cdr', outcome: 'rejected', cdr: { responseCode: '2220' } });
  });

  it('an unknown ticket is fault 0127 (fix)', async () => {
    expect(await client.getStatus('no-existe')).toMatchObject({ kind: 'fault', code: '0127', outcome: 'fix' });
  });

  it('down and timeout are retry later for summaries too', async () => {
    fake.next({ kind: 'timeout' });
    expect(await client.sendSummary(SUMMARY.zip, summaryZip)).toMatchObject({ kind: 'unreachable', reason: 'timeout' });
    await fake.goDown();
    expect(await client.getStatus('1')).toMatchObject({ kind: 'unreachable', reason: 'refused' });
  });
});

describe('getStatusCdr (the consultation service)', () => {
  const QUERY = { ruc: '20123456789', type: '01', series: 'F001', number: 7 };
  const consulting = () => new SunatClient({ endpoint: fake.url, consultEndpoint: fake.consultUrl, credentials: CREDENTIALS, timeoutMs: 1_500 });

  it('a document SUNAT registered: its CDR, read like sendBill\'s, asked by RUC, type, series and number', async () => {
    await send();
    const answer = await consulting().getStatusCdr(QUERY, BILL.zip);
    answers.push(answer);
    expect(answer).toMatchObject({ kind: 'cdr', outcome: 'accepted', cdr: { responseCode: '0', documentId: 'F001-7' } });
    expect(fake.received.map((r) => [r.operation, r.username, r.passwordMatched])).toEqual([['sendBill', '20123456789MODDATOS', true], ['getStatusCdr', '20123456789MODDATOS', true]]);
  });

  it('one SUNAT does not hold: noCdr with its code and message (0011)', async () => {
    const answer = await consulting().getStatusCdr({ ...QUERY, number: 8 });
    answers.push(answer);
    expect(answer).toEqual({ kind: 'noCdr', code: '0011', message: 'El comprobante de pago electrónico no existe' });
  });

  it('no consultation service (SUNAT beta): nothing is asked', async () => {
    expect(await client.getStatusCdr(QUERY)).toEqual({ kind: 'noService' });
    expect(fake.received).toEqual([]);
  });

  it('a wrong SOL password is a credentials fault; SUNAT down is retry later', async () => {
    const wrong = new SunatClient({ endpoint: fake.url, consultEndpoint: fake.consultUrl, credentials: { ...CREDENTIALS, password: 'otra' }, timeoutMs: 1_500 });
    expect(await wrong.getStatusCdr(QUERY)).toMatchObject({ kind: 'fault', code: '0102' });
    await fake.goDown();
    expect(await consulting().getStatusCdr(QUERY)).toMatchObject({ kind: 'unreachable', reason: 'refused' });
  });
});

describe('answers that are not SUNAT\'s', () => {
  it('an HTML page or a broken CDR zip is unreachable/badReply (retry later), never a crash', async () => {
    const { createServer } = await import('node:http');
    const bodies = ['<html><body>502 Bad Gateway</body></html>',
      '<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"><soap-env:Body><br:sendBillResponse xmlns:br="http://service.sunat.gob.pe"><applicationResponse>bm8gZXMgdW4gemlw</applicationResponse></br:sendBillResponse></soap-env:Body></soap-env:Envelope>'];
    const server = createServer((_req, res) => res.end(bodies.shift() ?? ''));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    try {
      const other = new SunatClient({ endpoint: `http://127.0.0.1:${port}/`, credentials: CREDENTIALS, timeoutMs: 1_500 });
      expect(await other.sendBill(BILL.zip, billZip)).toMatchObject({ kind: 'unreachable', reason: 'badReply', outcome: 'retryLater' });
      expect(await other.sendBill(BILL.zip, billZip)).toMatchObject({ kind: 'unreachable', reason: 'badReply', outcome: 'retryLater' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
