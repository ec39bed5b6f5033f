/**
 * The SOAP 1.1 requests of SUNAT's billService (sendBill, sendSummary, getStatus) and of its
 * consultation service (getStatusCdr) with a WS-Security UsernameToken (PasswordText):
 * user = RUC + SOL user, password = SOL password.
 */

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const SERVICE_NS = 'http://service.sunat.gob.pe';
const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';

/** SOL credentials. `password` must never reach a log line or an error message. */
export type SolCredentials = { ruc: string; user: string; password: string };

/** Escapes text for an XML element's content. */
export function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function envelope(credentials: SolCredentials, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>`
    + `<soapenv:Envelope xmlns:soapenv="${SOAP_NS}" xmlns:ser="${SERVICE_NS}" xmlns:wsse="${WSSE_NS}">`
    + `<soapenv:Header><wsse:Security><wsse:UsernameToken>`
    + `<wsse:Username>${xmlText(credentials.ruc + credentials.user)}</wsse:Username>`
    + `<wsse:Password>${xmlText(credentials.password)}</wsse:Password>`
    + `</wsse:UsernameToken></wsse:Security></soapenv:Header>`
    + `<soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}

/** sendBill: one factura, boleta or note, zipped, answered at once with the CDR. */
export function sendBillEnvelope(credentials: SolCredentials, fileName: string, zip: Uint8Array): string {
  return envelope(credentials, `<ser:sendBill><fileName>${xmlText(fileName)}</fileName><contentFile>${Buffer.from(zip).toString('base64')}</contentFile></ser:sendBill>`);
}

/** sendSummary: a daily summary (RC) or a voiding (RA), answered with a ticket. */
export function sendSummaryEnvelope(credentials: SolCredentials, fileName: string, zip: Uint8Array): string {
  return envelope(credentials, `<ser:sendSummary><fileName>${xmlText(fileName)}</fileName><contentFile>${Buffer.from(zip).toString('base64')}</contentFile></ser:sendSummary>`);
}

/** getStatus: how a ticket's summary was processed. */
export function getStatusEnvelope(credentials: SolCredentials, ticket: string): string {
  return envelope(credentials, `<ser:getStatus><ticket>${xmlText(ticket)}</ticket></ser:getStatus>`);
}

/** Which document a consultation asks about: the issuer's RUC, its type (01, 03, 07), series and number. */
export type DocumentQuery = { ruc: string; type: string; series: string; number: number };

/** getStatusCdr (billConsultService): the CDR SUNAT kept for a document sent before. */
export function getStatusCdrEnvelope(credentials: SolCredentials, query: DocumentQuery): string {
  return envelope(credentials, `<ser:getStatusCdr><rucComprobante>${xmlText(query.ruc)}</rucComprobante>`
    + `<tipoComprobante>${xmlText(query.type)}</tipoComprobante><serieComprobante>${xmlText(query.series)}</serieComprobante>`
    + `<numeroComprobante>${query.number}</numeroComprobante></ser:getStatusCdr>`);
}
