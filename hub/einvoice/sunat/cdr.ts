import { DOMParser } from '@xmldom/xmldom';
import { classifyCode, normalizeCode, sunatText, type SunatOutcome } from './error-catalogue.ts';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

/** An observation or error a CDR lists in `cbc:Note` ("4252 - El dato ... - INFO: ..."). */
export type CdrNote = { code: string | null; text: string };

/** What a constancia de recepción (CDR, UBL ApplicationResponse) says about one document. */
export type Cdr = {
  /** `cbc:ResponseCode`: 0 accepted, anything else the rejection's code. */
  responseCode: string;
  description: string;
  notes: CdrNote[];
  /** The document answered for (`cac:DocumentReference/cbc:ID`, else `cbc:ReferenceID`), e.g. `F001-1`. */
  documentId: string;
  /** SUNAT's id of this answer and when it was given. */
  responseId: string;
  responseDate: string;
  responseTime: string;
  outcome: SunatOutcome;
  /** SUNAT's catalogue text for a rejection code, when it knows it. */
  codeText: string | null;
};

/** Thrown when the XML is not a CDR. */
export class CdrError extends Error {
  readonly code = 'CDR_UNREADABLE';
  constructor(reason: string) {
    super(`CDR_UNREADABLE: ${reason}`);
    this.name = 'CdrError';
  }
}

function direct(parent: Element, ns: string, name: string): Element[] {
  return Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name);
}

function first(parent: Element | undefined, ns: string, name: string): Element | undefined {
  return parent ? Array.from(parent.getElementsByTagNameNS(ns, name))[0] : undefined;
}

const text = (node: Element | undefined): string => (node?.textContent ?? '').trim();

/** "4252 - El dato..." -> code 4252; a note without a leading code keeps code null. */
function noteOf(raw: string): CdrNote {
  const match = /^\s*(\d{1,4})\s*-\s*([\s\S]*)$/.exec(raw);
  return match?.[1] ? { code: normalizeCode(match[1]), text: (match[2] ?? '').trim() } : { code: null, text: raw.trim() };
}

/**
 * Reads a CDR. The outcome: ResponseCode 0 is accepted (with observations when any note
 * carries a code of 4000 or more); any other code is classified by its range (2000–3999
 * rejected; a 0100–1999 code in a CDR is an exception SUNAT answered with a constancia).
 */
export function parseCdr(xml: string): Cdr {
  const doc = new DOMParser({ errorHandler: () => undefined }).parseFromString(xml, 'text/xml') as unknown as Document;
  const root = doc.documentElement;
  if (!root || root.localName !== 'ApplicationResponse') throw new CdrError('not an ApplicationResponse');
  const response = first(first(root, CAC, 'DocumentResponse'), CAC, 'Response');
  if (!response) throw new CdrError('no DocumentResponse/Response');
  const responseCode = text(first(response, CBC, 'ResponseCode'));
  if (responseCode === '') throw new CdrError('no ResponseCode');
  const notes = direct(root, CBC, 'Note').map((n) => noteOf(text(n)));
  const documentRef = first(first(root, CAC, 'DocumentResponse'), CAC, 'DocumentReference');
  const code = Number(responseCode);
  const observed = notes.some((n) => n.code !== null && Number(n.code) >= 4000);
  const outcome: SunatOutcome = code === 0 ? (observed ? 'acceptedWithObservations' : 'accepted') : classifyCode(responseCode);
  return {
    responseCode,
    description: text(first(response, CBC, 'Description')),
    notes,
    documentId: text(first(documentRef, CBC, 'ID')) || text(first(response, CBC, 'ReferenceID')),
    responseId: text(direct(root, CBC, 'ID')[0]),
    responseDate: text(direct(root, CBC, 'ResponseDate')[0]),
    responseTime: text(direct(root, CBC, 'ResponseTime')[0]),
    outcome,
    codeText: code === 0 ? null : sunatText(responseCode),
  };
}
