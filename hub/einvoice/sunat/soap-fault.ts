import { DOMParser } from '@xmldom/xmldom';

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/** A SOAP response body: its fault, or the text of the named result elements. */
export type SoapReply = { fault: { code: string | null; rawCode: string; message: string } | null; values: Record<string, string> };

/**
 * The SUNAT code in a faultcode: `soap-env:Client.0100`, `env:Server.1033`, `Client.2800` or a
 * plain `2800`; some answers put the code in faultstring instead (`0151`, `2800 - ...`).
 */
export function faultCodeOf(faultcode: string, faultstring: string): string | null {
  const fromCode = /(?:^|[.:])(\d{1,4})$/.exec(faultcode.trim());
  if (fromCode?.[1]) return fromCode[1].padStart(4, '0');
  const fromString = /^\s*(\d{1,4})(?!\d)/.exec(faultstring);
  return fromString?.[1] ? fromString[1].padStart(4, '0') : null;
}

/** Text of the first element with this local name (any namespace), or ''. */
function textOf(doc: Document, localName: string): string {
  const node = Array.from(doc.getElementsByTagName('*')).find((e) => e.localName === localName);
  return (node?.textContent ?? '').trim();
}

/** Thrown when an answer is not a SOAP envelope at all (an HTML error page, a proxy's answer). */
export class SoapFormatError extends Error {
  readonly code = 'SOAP_BAD_REPLY';
  constructor(reason: string) {
    super(`SOAP_BAD_REPLY: ${reason}`);
    this.name = 'SoapFormatError';
  }
}

/** Reads a SOAP 1.1 reply: the fault if there is one, else the text of each of `names`. */
export function parseSoapReply(xml: string, names: readonly string[]): SoapReply {
  let doc: Document;
  try {
    doc = new DOMParser({ errorHandler: () => undefined }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    throw new SoapFormatError('not XML');
  }
  if (!doc.documentElement || doc.documentElement.namespaceURI !== SOAP_NS || doc.documentElement.localName !== 'Envelope') throw new SoapFormatError('not a SOAP envelope');
  const fault = Array.from(doc.getElementsByTagNameNS(SOAP_NS, 'Fault'))[0];
  if (fault) {
    const rawCode = textOf(fault as unknown as Document, 'faultcode');
    const message = textOf(fault as unknown as Document, 'faultstring');
    return { fault: { code: faultCodeOf(rawCode, message), rawCode, message }, values: {} };
  }
  const values: Record<string, string> = {};
  for (const name of names) values[name] = textOf(doc, name);
  return { fault: null, values };
}
