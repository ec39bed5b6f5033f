import { parseCdr, type Cdr } from './cdr.ts';
import { classifyCode, sunatText, type SunatOutcome } from './error-catalogue.ts';
import { cdrNames } from './file-names.ts';
import { getStatusCdrEnvelope, getStatusEnvelope, sendBillEnvelope, sendSummaryEnvelope, type DocumentQuery, type SolCredentials } from './soap-envelope.ts';
import { parseSoapReply, SoapFormatError } from './soap-fault.ts';
import { readZip, ZipError } from './zip.ts';

/** How the client reaches SUNAT or an OSE. */
export type SunatClientOptions = {
  /** The billService URL (see endpoints.ts); tests give the fake's 127.0.0.1 URL. */
  endpoint: string;
  /** The consultation service (getStatusCdr); null or absent: there is none to ask (SUNAT's beta). */
  consultEndpoint?: string | null;
  credentials: SolCredentials;
  /** Give up on an answer after this long (default 60 s: SUNAT's validation can take a while at month end). */
  timeoutMs?: number;
};

/** SUNAT's constancia: the CDR as it came (zip and XML) and what it says. */
export type CdrReply = { kind: 'cdr'; cdr: Cdr; outcome: SunatOutcome; cdrZip: Uint8Array; cdrXml: string };
/** A SOAP fault: SUNAT's code (null when it gave none), its catalogue text and what to do. */
export type FaultReply = { kind: 'fault'; code: string | null; outcome: Exclude<SunatOutcome, 'accepted'>; message: string; sunatText: string | null };
/** No answer: the connection failed, timed out, or what came back was not SUNAT's. Always retried later. */
export type UnreachableReply = { kind: 'unreachable'; outcome: 'retryLater'; reason: 'timeout' | 'refused' | 'network' | 'badReply'; detail: string };

/** What sendBill answers. */
export type SendBillResult = CdrReply | FaultReply | UnreachableReply;
/** What sendSummary answers: a ticket to ask about with getStatus. */
export type SendSummaryResult = { kind: 'ticket'; ticket: string } | FaultReply | UnreachableReply;
/** What getStatus answers: still in progress (code 98), or the CDR. */
export type GetStatusResult = { kind: 'inProgress' } | CdrReply | FaultReply | UnreachableReply;
/**
 * What getStatusCdr answers: the CDR SUNAT kept, or its status code without one (0011 "no
 * existe", 0012 "no le pertenece", 0125/0127...), or `noService` when there is no
 * consultation service to ask (SUNAT's beta).
 */
export type GetStatusCdrResult = CdrReply | { kind: 'noCdr'; code: string; message: string } | { kind: 'noService' } | FaultReply | UnreachableReply;

/** Removes the SOL password from a text that may reach a log or the owner's screen. */
function redact(text: string, credentials: SolCredentials): string {
  return credentials.password === '' ? text : text.split(credentials.password).join('***');
}

/** What a failed fetch was: node's fetch hides the socket error in `cause`. */
function unreachable(err: unknown, credentials: SolCredentials): UnreachableReply {
  const name = err instanceof Error ? err.name : '';
  const cause = err instanceof Error ? (err.cause as NodeJS.ErrnoException | undefined) : undefined;
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'unreachable', outcome: 'retryLater', reason: 'timeout', detail: 'no answer in time' };
  const code = cause?.code ?? '';
  const reason = code === 'ECONNREFUSED' ? 'refused' : 'network';
  const detail = redact([code, cause?.message ?? (err instanceof Error ? err.message : String(err))].filter(Boolean).join(' '), credentials);
  return { kind: 'unreachable', outcome: 'retryLater', reason, detail };
}

function faultReply(fault: { code: string | null; message: string }, credentials: SolCredentials): FaultReply {
  return {
    kind: 'fault',
    code: fault.code,
    outcome: fault.code === null ? 'retryLater' : classifyCode(fault.code),
    message: redact(fault.message, credentials),
    sunatText: fault.code === null ? null : sunatText(fault.code),
  };
}

/** Opens a CDR zip (base64) and reads the `R-....xml` in it. */
function cdrReply(base64: string, sentZipName: string | null): CdrReply {
  const cdrZip = Buffer.from(base64, 'base64');
  const entries = readZip(cdrZip);
  const expected = sentZipName === null ? null : cdrNames(sentZipName).xml;
  const entry = entries.find((e) => e.name === expected) ?? entries.find((e) => /(^|\/)R-.*\.xml$/i.test(e.name));
  if (!entry) throw new ZipError('ZIP_CORRUPT', 'the answer holds no R-*.xml');
  const cdrXml = Buffer.from(entry.data).toString('utf8');
  const cdr = parseCdr(cdrXml);
  return { kind: 'cdr', cdr, outcome: cdr.outcome, cdrZip, cdrXml };
}

/**
 * SUNAT's billService (or an OSE's) over SOAP 1.1. Every call answers a value, never throws for
 * what the network or SUNAT did, and no answer or error carries the SOL password.
 */
export class SunatClient {
  private readonly options: SunatClientOptions;

  constructor(options: SunatClientOptions) {
    this.options = options;
  }

  /** Posts one envelope; the body of any HTTP status (SOAP faults come as 500). */
  private async post(action: string, body: string, endpoint = this.options.endpoint): Promise<string | UnreachableReply> {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: `"urn:${action}"` },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
      });
      return await response.text();
    } catch (err) {
      return unreachable(err, this.options.credentials);
    }
  }

  /** Reads a reply, turning a foreign answer (HTML page, broken zip or CDR) into "unreachable". */
  private async call<T>(action: string, body: string, names: readonly string[], read: (values: Record<string, string>) => T, endpoint?: string): Promise<T | FaultReply | UnreachableReply> {
    const text = await this.post(action, body, endpoint);
    if (typeof text !== 'string') return text;
    try {
      const reply = parseSoapReply(text, names);
      if (reply.fault) return faultReply(reply.fault, this.options.credentials);
      return read(reply.values);
    } catch (err) {
      if (err instanceof SoapFormatError || err instanceof ZipError || (err instanceof Error && err.name === 'CdrError')) {
        return { kind: 'unreachable', outcome: 'retryLater', reason: 'badReply', detail: err.message };
      }
      throw err;
    }
  }

  /** Sends a factura, boleta or note (`RUC-TT-SERIE-NUMERO.zip`); SUNAT answers with the CDR. */
  sendBill(fileName: string, zip: Uint8Array): Promise<SendBillResult> {
    return this.call('sendBill', sendBillEnvelope(this.options.credentials, fileName, zip), ['applicationResponse'], (v) => cdrReply(v.applicationResponse ?? '', fileName));
  }

  /** Sends a daily summary (RC) or voiding (RA); SUNAT answers with a ticket. */
  async sendSummary(fileName: string, zip: Uint8Array): Promise<SendSummaryResult> {
    return this.call('sendSummary', sendSummaryEnvelope(this.options.credentials, fileName, zip), ['ticket'], (v): SendSummaryResult => {
      const ticket = v.ticket ?? '';
      if (ticket === '') throw new SoapFormatError('no ticket in the answer');
      return { kind: 'ticket', ticket };
    });
  }

  /**
   * Asks how a ticket went: statusCode 98 is still in progress; 0 (processed) and 99 (processed
   * with errors) carry the CDR, whose ResponseCode says accepted or rejected.
   */
  async getStatus(ticket: string): Promise<GetStatusResult> {
    return this.call('getStatus', getStatusEnvelope(this.options.credentials, ticket), ['statusCode', 'content'], (v): GetStatusResult => {
      if (v.statusCode === '98') return { kind: 'inProgress' };
      if (v.content) return cdrReply(v.content, null);
      throw new SoapFormatError(`status ${v.statusCode ?? ''} without a CDR`);
    });
  }

  /**
   * Asks the consultation service for the CDR of a document sent before, by RUC, type, series
   * and number (getStatusCdr). SUNAT answers statusCode 0004 ("la constancia existe") with the
   * CDR zip in `content`; any other code comes without it.
   */
  async getStatusCdr(query: DocumentQuery, sentZipName: string | null = null): Promise<GetStatusCdrResult> {
    const endpoint = this.options.consultEndpoint;
    if (!endpoint) return { kind: 'noService' };
    return this.call('getStatusCdr', getStatusCdrEnvelope(this.options.credentials, query), ['statusCode', 'statusMessage', 'content'], (v): GetStatusCdrResult => {
      if (v.content) return cdrReply(v.content, sentZipName);
      if (!v.statusCode) throw new SoapFormatError('no statusCode in the answer');
      return { kind: 'noCdr', code: v.statusCode, message: redact(v.statusMessage ?? '', this.options.credentials) };
    }, endpoint);
  }
}
