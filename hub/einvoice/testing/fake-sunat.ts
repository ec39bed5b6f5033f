import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { DOMParser } from '@xmldom/xmldom';
import { signUbl, type SigningKey } from '../sign/xmldsig.ts';
import { cdrNames, xmlNameOf } from '../sunat/file-names.ts';
import { xmlText } from '../sunat/soap-envelope.ts';
import { readZip, writeZip, type ZipEntry } from '../sunat/zip.ts';

/** How the fake answers the next sendBill / getStatus (sendSummary always gives a ticket unless down/timeout/fault). */
export type FakeBehaviour =
  | { kind: 'accept'; notes?: { code: string; text: string }[] }
  /** A CDR with this ResponseCode (2000–3999), as SUNAT answers a rejection today. */
  | { kind: 'reject'; code: string; text?: string }
  /** A SOAP fault, `soap-env:Client.<code>` (or a plain number when `plain`). */
  | { kind: 'fault'; code: string; text?: string; plain?: boolean }
  /** Accepts the connection and never answers. */
  | { kind: 'timeout' };

/** One request the fake received, with its zip opened. Credentials: the user only, and whether the password matched. */
export type FakeRequest = { operation: 'sendBill' | 'sendSummary' | 'getStatus' | 'getStatusCdr'; username: string; passwordMatched: boolean; fileName: string; ticket: string; files: ZipEntry[] };

/** Options of the fake. */
export type FakeSunatOptions = {
  /** Expected WS-Security user (RUC + SOL user) and password; a mismatch is fault 0102. */
  username?: string;
  password?: string;
  /** Sign the CDRs with this key (SUNAT signs its own); unsigned when absent. */
  signer?: SigningKey;
  /** getStatus answers 98 (in progress) this many times per ticket before the CDR. */
  pollsBeforeDone?: number;
  /**
   * Remember what was registered, as SUNAT does: a document sent again after it was
   * accepted is answered fault 1033 ("registrado previamente"), and every acceptance is
   * kept in `registrations` (crash tests count them).
   */
  remember?: boolean;
  /** Wait this long between registering a document and answering (a crash can fall in between). */
  answerDelayMs?: number;
};

/** A document or summary the fake accepted (remember mode): its zip's name and files. */
export type FakeRegistration = { operation: 'sendBill' | 'sendSummary'; fileName: string; files: ZipEntry[] };

const DOM = new DOMParser({ errorHandler: () => undefined });

function textOf(doc: Document, localName: string): string {
  return (Array.from(doc.getElementsByTagName('*')).find((e) => e.localName === localName)?.textContent ?? '').trim();
}

/** A CDR (UBL ApplicationResponse) for `documentId`, shaped like SUNAT's. */
export function buildCdr(documentId: string, receiverRuc: string, responseCode: string, description: string, notes: { code: string; text: string }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>`
    + `<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">`
    + `<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>`
    + `<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>1.0</cbc:CustomizationID>`
    + `<cbc:ID>1700000000000</cbc:ID><cbc:IssueDate>2026-01-01</cbc:IssueDate><cbc:IssueTime>00:00:00</cbc:IssueTime>`
    + `<cbc:ResponseDate>2026-01-01</cbc:ResponseDate><cbc:ResponseTime>00:00:00</cbc:ResponseTime>`
    + notes.map((n) => `<cbc:Note>${xmlText(`${n.code} - ${n.text}`)}</cbc:Note>`).join('')
    + `<cac:SenderParty><cac:PartyIdentification><cbc:ID>20131312955</cbc:ID></cac:PartyIdentification></cac:SenderParty>`
    + `<cac:ReceiverParty><cac:PartyIdentification><cbc:ID>${xmlText(receiverRuc)}</cbc:ID></cac:PartyIdentification></cac:ReceiverParty>`
    + `<cac:DocumentResponse><cac:Response><cbc:ReferenceID>${xmlText(documentId)}</cbc:ReferenceID><cbc:ResponseCode>${xmlText(responseCode)}</cbc:ResponseCode>`
    + `<cbc:Description>${xmlText(description)}</cbc:Description></cac:Response>`
    + `<cac:DocumentReference><cbc:ID>${xmlText(documentId)}</cbc:ID></cac:DocumentReference></cac:DocumentResponse>`
    + `</ar:ApplicationResponse>`;
}

/** The entries of a base64 zip, or none when it is not a zip (answered as 0156 below). */
function unzipOrNothing(base64: string): ZipEntry[] {
  try {
    return readZip(Buffer.from(base64, 'base64'));
  } catch {
    return [];
  }
}

function soap(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/"><soap-env:Body>${body}</soap-env:Body></soap-env:Envelope>`;
}

function fault(code: string, text: string, plain: boolean): string {
  return soap(`<soap-env:Fault><faultcode>${plain ? code : `soap-env:Client.${code}`}</faultcode><faultstring>${xmlText(text)}</faultstring></soap-env:Fault>`);
}

/**
 * A fake SUNAT billService on 127.0.0.1 (a free port): answers sendBill, sendSummary,
 * getStatus and the consultation service's getStatusCdr as SUNAT does, as told by `next()` / `always()`, records what it received
 * (zips opened), and can go down (connections refused) and come back on the same port.
 */
export class FakeSunat {
  readonly received: FakeRequest[] = [];
  /** What was accepted (remember mode only), in order. */
  readonly registrations: FakeRegistration[] = [];
  private readonly options: FakeSunatOptions;
  private readonly queue: FakeBehaviour[] = [];
  private fallback: FakeBehaviour = { kind: 'accept' };
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly tickets = new Map<string, { polls: number; documentId: string; ruc: string; behaviour: FakeBehaviour; zipName: string }>();
  /** The CDR of every document sendBill registered, by its zip's name: what getStatusCdr gives back. */
  private readonly cdrs = new Map<string, Buffer>();
  private port = 0;

  constructor(options: FakeSunatOptions = {}) {
    this.options = options;
  }

  /** The billService URL to give the client. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/ol-ti-itcpfegem-beta/billService`;
  }

  /** The consultation service's URL (getStatusCdr); the fake answers every operation on any path. */
  get consultUrl(): string {
    return `http://127.0.0.1:${this.port}/ol-it-wsconscpegem/billConsultService`;
  }

  /** Starts listening (a free port the first time, the same port after `goDown`). */
  async start(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  /** Closes the port and every open connection: the client now sees "connection refused". */
  async goDown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Stops for good. */
  stop(): Promise<void> {
    return this.goDown();
  }

  /** The behaviour of the next answer (queued, first in first out). */
  next(behaviour: FakeBehaviour): void {
    this.queue.push(behaviour);
  }

  /** The behaviour once the queue is empty (accept by default). */
  always(behaviour: FakeBehaviour): void {
    this.fallback = behaviour;
  }

  private take(): FakeBehaviour {
    return this.queue.shift() ?? this.fallback;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const doc = DOM.parseFromString(Buffer.concat(chunks).toString('utf8'), 'text/xml') as unknown as Document;
    const operation = (['sendBill', 'sendSummary', 'getStatus', 'getStatusCdr'] as const).find((op) => textOf(doc, op) !== '' || Array.from(doc.getElementsByTagName('*')).some((e) => e.localName === op));
    const username = textOf(doc, 'Username');
    const passwordMatched = this.options.password === undefined || textOf(doc, 'Password') === this.options.password;
    const fileName = textOf(doc, 'fileName');
    const content = textOf(doc, 'contentFile');
    const files = content ? unzipOrNothing(content) : [];
    if (!operation) return this.reply(res, 500, fault('0305', 'El sistema no puede procesar el archivo xml', false));
    this.received.push({ operation, username, passwordMatched, fileName, ticket: textOf(doc, 'ticket'), files });
    if ((this.options.username !== undefined && username !== this.options.username) || !passwordMatched) {
      return this.reply(res, 500, fault('0102', 'Usuario o contraseña incorrectos', false));
    }
    if (operation === 'getStatus') return this.status(res, textOf(doc, 'ticket'));
    if (operation === 'getStatusCdr') return this.consult(res, doc);
    const behaviour = this.take();
    if (behaviour.kind === 'timeout') return; // never answer; goDown/stop drops the socket
    if (behaviour.kind === 'fault') return this.reply(res, 500, fault(behaviour.code, behaviour.text ?? 'Error', behaviour.plain ?? false));
    if (content && files.length === 0) return this.reply(res, 500, fault('0156', 'El archivo ZIP esta corrupto', false));
    const xmlName = xmlNameOf(fileName);
    if (!files.some((f) => f.name === xmlName)) return this.reply(res, 500, fault('0161', 'El nombre del archivo XML no coincide con el nombre del archivo ZIP', false));
    const [ruc = '', , series = '', number = ''] = fileName.replace(/\.zip$/i, '').split('-');
    const documentId = `${series}-${number}`;
    if (this.options.remember && behaviour.kind === 'accept') {
      if (operation === 'sendBill' && this.registrations.some((r) => r.fileName === fileName)) {
        // Nothing is registered by this answer: it comes at once, not after answerDelayMs.
        return this.reply(res, 500, fault('1033', 'El comprobante fue registrado previamente con otros datos', false));
      }
      this.registrations.push({ operation, fileName, files });
    }
    if (operation === 'sendSummary') {
      const ticket = `${Date.now()}${this.tickets.size}`;
      this.tickets.set(ticket, { polls: 0, documentId, ruc, behaviour, zipName: fileName });
      return this.answer(res, 200, soap(`<br:sendSummaryResponse xmlns:br="http://service.sunat.gob.pe"><ticket>${ticket}</ticket></br:sendSummaryResponse>`));
    }
    const cdrZip = this.cdrZip(fileName, documentId, ruc, behaviour);
    this.cdrs.set(fileName, cdrZip);
    return this.answer(res, 200, soap(`<br:sendBillResponse xmlns:br="http://service.sunat.gob.pe"><applicationResponse>${cdrZip.toString('base64')}</applicationResponse></br:sendBillResponse>`));
  }

  /** getStatusCdr: the kept CDR (0004 "La constancia existe"), or 0011 when the document was never registered. */
  private consult(res: ServerResponse, doc: Document): void {
    const number = Number(textOf(doc, 'numeroComprobante'));
    const fileName = `${textOf(doc, 'rucComprobante')}-${textOf(doc, 'tipoComprobante')}-${textOf(doc, 'serieComprobante')}-${number}.zip`;
    const behaviour = this.take();
    if (behaviour.kind === 'timeout') return;
    if (behaviour.kind === 'fault') return this.reply(res, 500, fault(behaviour.code, behaviour.text ?? 'Error', behaviour.plain ?? false));
    const cdrZip = this.cdrs.get(fileName);
    const status = cdrZip
      ? `<statusCode>0004</statusCode><statusMessage>La constancia existe</statusMessage><content>${cdrZip.toString('base64')}</content>`
      : `<statusCode>0011</statusCode><statusMessage>El comprobante de pago electrónico no existe</statusMessage>`;
    this.reply(res, 200, soap(`<br:getStatusCdrResponse xmlns:br="http://service.sunat.gob.pe"><statusCdr>${status}</statusCdr></br:getStatusCdrResponse>`));
  }

  private status(res: ServerResponse, ticket: string): void {
    const entry = this.tickets.get(ticket);
    if (!entry) return this.reply(res, 500, fault('0127', 'El ticket no existe', false));
    if (entry.polls < (this.options.pollsBeforeDone ?? 0)) {
      entry.polls += 1;
      return this.reply(res, 200, soap(`<br:getStatusResponse xmlns:br="http://service.sunat.gob.pe"><status><statusCode>98</statusCode></status></br:getStatusResponse>`));
    }
    const code = entry.behaviour.kind === 'reject' ? '99' : '0';
    const cdrZip = this.cdrZip(entry.zipName, entry.documentId, entry.ruc, entry.behaviour);
    return this.reply(res, 200, soap(`<br:getStatusResponse xmlns:br="http://service.sunat.gob.pe"><status><statusCode>${code}</statusCode><content>${cdrZip.toString('base64')}</content></status></br:getStatusResponse>`));
  }

  private cdrZip(zipName: string, documentId: string, ruc: string, behaviour: FakeBehaviour): Buffer {
    const rejected = behaviour.kind === 'reject';
    const code = rejected ? behaviour.code : '0';
    const description = rejected ? (behaviour.text ?? `El comprobante ${documentId} ha sido rechazado`) : `El comprobante numero ${documentId}, ha sido aceptado`;
    let xml = buildCdr(documentId, ruc, code, description, behaviour.kind === 'accept' ? (behaviour.notes ?? []) : []);
    if (this.options.signer) xml = signUbl(xml, this.options.signer, { signatureId: 'SignSUNAT' }).xml;
    return writeZip([{ name: cdrNames(zipName).xml, data: Buffer.from(xml, 'utf8') }]);
  }

  /** A reply to a send, after `answerDelayMs` (the document is registered already). */
  private async answer(res: ServerResponse, status: number, body: string): Promise<void> {
    if (this.options.answerDelayMs) await new Promise((r) => setTimeout(r, this.options.answerDelayMs));
    if (!res.destroyed) this.reply(res, status, body);
  }

  private reply(res: ServerResponse, status: number, body: string): void {
    res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(body);
  }
}
